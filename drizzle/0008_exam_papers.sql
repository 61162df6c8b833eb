CREATE TABLE "contest_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_hi" text,
	"marks" integer,
	"penalty" integer,
	CONSTRAINT "contest_sections_id_contest_key" UNIQUE("id","contest_id"),
	CONSTRAINT "contest_sections_marks_positive" CHECK ("contest_sections"."marks" > 0),
	CONSTRAINT "contest_sections_penalty_within_marks" CHECK ("contest_sections"."penalty" >= 0 AND "contest_sections"."penalty" <= COALESCE("contest_sections"."marks", "contest_sections"."penalty"))
);
--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_two_options";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_correct_answer_is_option";--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "options" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "correct_answer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "marks" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "penalty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "shuffle" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "longest_extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_text_hi" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "options_hi" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "correct_options" smallint[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "partial_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_min" numeric;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_max" numeric;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "marks" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "penalty" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "selected_options" smallint[];--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "numeric_answer" numeric;--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "marked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every existing contest becomes one unnamed section at +1/0 (the contest's defaults),
-- its single-correct keys and saved answers named by option number: scores, ranks and
-- prizes stay what they were (tests/integration/exam-migration.test.ts).
INSERT INTO "contest_sections" ("contest_id", "position", "title") SELECT "id", 1, '' FROM "contests";--> statement-breakpoint
UPDATE "questions" q SET "section_id" = s."id" FROM "contest_sections" s WHERE s."contest_id" = q."contest_id";--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "section_id" SET NOT NULL;--> statement-breakpoint
UPDATE "questions" SET "correct_options" = ARRAY[array_position("options", "correct_answer")]::smallint[];--> statement-breakpoint
UPDATE "user_answers" a SET "selected_options" = ARRAY[array_position(q."options", a."selected_answer")]::smallint[]
  FROM "questions" q WHERE q."id" = a."question_id" AND a."selected_answer" = ANY(q."options");--> statement-breakpoint
ALTER TABLE "contest_sections" ADD CONSTRAINT "contest_sections_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_sections_contest_position_key" ON "contest_sections" USING btree ("contest_id","position");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_section_fk" FOREIGN KEY ("section_id","contest_id") REFERENCES "public"."contest_sections"("id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_marks_positive" CHECK ("contests"."marks" > 0);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_penalty_within_marks" CHECK ("contests"."penalty" BETWEEN 0 AND "contests"."marks");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_kind" CHECK ("questions"."kind" IN ('single', 'multiple', 'numerical'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_correct_options" CHECK (CASE "questions"."kind" WHEN 'numerical' THEN "questions"."correct_options" IS NULL
            WHEN 'single' THEN COALESCE(cardinality("questions"."correct_options"), 0) = 1
            ELSE COALESCE(cardinality("questions"."correct_options"), 0) >= 1 END
          AND 1 <= ALL("questions"."correct_options") AND cardinality("questions"."options") >= ALL("questions"."correct_options"));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_numerical_range" CHECK (("questions"."kind" = 'numerical') = ("questions"."answer_min" IS NOT NULL AND "questions"."answer_max" IS NOT NULL) AND "questions"."answer_min" <= "questions"."answer_max");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_partial_is_multiple" CHECK (NOT "questions"."partial_marking" OR "questions"."kind" = 'multiple');--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_hindi_options" CHECK ("questions"."options_hi" IS NULL OR cardinality("questions"."options_hi") = cardinality("questions"."options"));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_marks_positive" CHECK ("questions"."marks" > 0);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_penalty_within_marks" CHECK ("questions"."penalty" >= 0 AND "questions"."penalty" <= COALESCE("questions"."marks", "questions"."penalty"));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_has_alt" CHECK ("questions"."image_key" IS NULL OR length(btrim("questions"."image_alt")) > 0);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_two_options" CHECK ("questions"."kind" = 'numerical' OR cardinality("questions"."options") >= 2);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_correct_answer_is_option" CHECK ("questions"."correct_answer" IS NULL OR "questions"."correct_answer" = ANY("questions"."options"));--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_extra_minutes" CHECK ("user_contest_entries"."extra_minutes" BETWEEN 0 AND 600);--> statement-breakpoint
-- The marks one answer earns (docs/product/design.md §4, Papers are exams), the one rule
-- every score, section summary and percentile is computed by. `chosen` holds distinct
-- option numbers (the server sorts and dedupes them); unanswered is 0.
CREATE FUNCTION question_marks(kind text, partial boolean, correct smallint[], lo numeric, hi numeric,
                               marks integer, penalty integer, chosen smallint[], typed numeric)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN kind = 'numerical' THEN CASE WHEN typed IS NULL THEN 0 WHEN typed BETWEEN lo AND hi THEN marks ELSE -penalty END
    WHEN COALESCE(cardinality(chosen), 0) = 0 THEN 0
    WHEN NOT chosen <@ correct THEN -penalty
    WHEN correct <@ chosen THEN marks
    -- JEE Advanced: some right options and no wrong one earn a mark each, below full marks.
    WHEN kind = 'multiple' AND partial THEN LEAST(cardinality(chosen), marks - 1)
    ELSE -penalty
  END
$$;--> statement-breakpoint
-- Admin SQL made easy and papers kept consistent, with messages that say what is wrong:
-- a question without a section goes into its contest's first section (an unnamed one is
-- made when there is none); a single-correct question may give correct_answer (text) or
-- correct_options (numbers), and the other is filled in; the marks that apply (question,
-- else section, else contest) must be at least the penalty.
CREATE FUNCTION questions_fill_in() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  effective_marks integer;
  effective_penalty integer;
BEGIN
  IF NEW.section_id IS NULL THEN
    SELECT id INTO NEW.section_id FROM contest_sections WHERE contest_id = NEW.contest_id ORDER BY position LIMIT 1;
    IF NEW.section_id IS NULL THEN
      INSERT INTO contest_sections (contest_id, position, title) VALUES (NEW.contest_id, 1, '')
        ON CONFLICT (contest_id, position) DO NOTHING;
      SELECT id INTO NEW.section_id FROM contest_sections WHERE contest_id = NEW.contest_id ORDER BY position LIMIT 1;
    END IF;
  END IF;
  IF NEW.kind = 'single' THEN
    IF NEW.correct_answer IS NOT NULL AND (TG_OP = 'INSERT' AND NEW.correct_options IS NULL
        OR TG_OP = 'UPDATE' AND NEW.correct_answer IS DISTINCT FROM OLD.correct_answer AND NEW.correct_options IS NOT DISTINCT FROM OLD.correct_options) THEN
      NEW.correct_options := ARRAY[array_position(NEW.options, NEW.correct_answer)]::smallint[];
      IF NEW.correct_options = ARRAY[NULL]::smallint[] THEN
        RAISE EXCEPTION 'question "%": correct_answer "%" is not one of its options', left(NEW.question_text, 60), NEW.correct_answer
          USING ERRCODE = 'check_violation', CONSTRAINT = 'questions_correct_answer_is_option';
      END IF;
    ELSIF cardinality(NEW.correct_options) = 1 THEN
      NEW.correct_answer := NEW.options[NEW.correct_options[1]];
    END IF;
  ELSE
    NEW.correct_answer := NULL;
  END IF;
  IF NEW.kind <> 'numerical' AND COALESCE(cardinality(NEW.correct_options), 0) = 0 THEN
    RAISE EXCEPTION 'question "%": a % question needs its correct option (correct_answer, or the numbers in correct_options)', left(NEW.question_text, 60),
      CASE NEW.kind WHEN 'single' THEN 'single-correct' ELSE 'multiple-correct' END
      USING ERRCODE = 'check_violation', CONSTRAINT = 'questions_correct_options';
  END IF;
  IF NEW.kind = 'numerical' AND (NEW.answer_min IS NULL OR NEW.answer_max IS NULL) THEN
    RAISE EXCEPTION 'question "%": a numerical question needs its range (answer_min and answer_max)', left(NEW.question_text, 60)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'questions_numerical_range';
  END IF;
  SELECT COALESCE(NEW.marks, s.marks, c.marks), COALESCE(NEW.penalty, s.penalty, c.penalty)
    INTO effective_marks, effective_penalty
    FROM contests c LEFT JOIN contest_sections s ON s.id = NEW.section_id AND s.contest_id = c.id
   WHERE c.id = NEW.contest_id;
  IF effective_penalty > effective_marks THEN
    RAISE EXCEPTION 'question "%": the penalty (%) is larger than the marks (%)', left(NEW.question_text, 60), effective_penalty, effective_marks
      USING ERRCODE = 'check_violation', CONSTRAINT = 'questions_penalty_within_marks';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_fill_in BEFORE INSERT OR UPDATE ON questions FOR EACH ROW EXECUTE FUNCTION questions_fill_in();--> statement-breakpoint
-- The test closes for everyone after the last deadline: contests.longest_extra_minutes
-- follows the entries' extra time (set by admin SQL, rarely), so no page has to look.
CREATE FUNCTION entries_track_extra_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contests c
     SET longest_extra_minutes = COALESCE((SELECT max(extra_minutes) FROM user_contest_entries e WHERE e.contest_id = c.id), 0)
   WHERE c.id = NEW.contest_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER entries_track_extra_time_insert AFTER INSERT ON user_contest_entries
  FOR EACH ROW WHEN (NEW.extra_minutes > 0) EXECUTE FUNCTION entries_track_extra_time();--> statement-breakpoint
CREATE TRIGGER entries_track_extra_time_update AFTER UPDATE OF extra_minutes ON user_contest_entries
  FOR EACH ROW WHEN (NEW.extra_minutes IS DISTINCT FROM OLD.extra_minutes) EXECUTE FUNCTION entries_track_extra_time();
