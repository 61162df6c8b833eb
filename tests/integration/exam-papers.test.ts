// Issue 30: papers are exams. The one marking rule (question_marks) case by case, the
// database's refusals of inconsistent papers, a sectioned +4/−1 paper taken through the
// test API under shuffling, and extra time for one entry.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, pgConstraint, rowsOf } from "~/db/client.server";
import { contest_results, contests, user_contest_entries } from "~/db/schema";
import { dashboardEntries } from "~/models/contests/catalogue/catalogue.server";
import { splitEntries, yourDeadline } from "~/models/contests/catalogue/dashboard";
import { closeDueContests, finalizeContest } from "~/models/contests/results/scoring.server";
import { createContest } from "~/seed/factories.server";
import { enrolled, get, jeePaper, post, type Shown } from "../support/papers";

const MINUTE = 60_000;

type Case = [kind: string, partial: boolean, correct: number[] | null, range: [number, number] | null, chosen: number[] | null, typed: number | null, marks: number];
async function marksOf(c: Case, full = 4, penalty = 1) {
  const [kind, partial, correct, range, chosen, typed] = c;
  const [row] = rowsOf<{ m: number }>(
    await db.execute(sql`SELECT question_marks(${kind}, ${partial}, ${correct ? `{${correct.join(",")}}` : null}::smallint[],
      ${range?.[0] ?? null}::numeric, ${range?.[1] ?? null}::numeric, ${full}, ${penalty},
      ${chosen ? `{${chosen.join(",")}}` : null}::smallint[], ${typed}::numeric) AS m`),
  );
  return row!.m;
}

describe("the marking rule, at +4/−1 (−2 where JEE Advanced's multiple-correct says so)", () => {
  test("single correct: right, wrong, unanswered", async () => {
    const cases: Case[] = [
      ["single", false, [2], null, [2], null, 4],
      ["single", false, [2], null, [3], null, -1],
      ["single", false, [2], null, null, null, 0],
      ["single", false, [2], null, [], null, 0],
    ];
    for (const c of cases) expect(await marksOf(c), JSON.stringify(c)).toBe(c[6]);
  });

  test("numerical: right within the range, both ends included, wrong just outside", async () => {
    const cases: Case[] = [
      ["numerical", false, null, [2.49, 2.51], null, 2.49, 4],
      ["numerical", false, null, [2.49, 2.51], null, 2.51, 4],
      ["numerical", false, null, [2.49, 2.51], null, 2.5, 4],
      ["numerical", false, null, [2.49, 2.51], null, 2.489, -1],
      ["numerical", false, null, [2.49, 2.51], null, 2.5101, -1],
      ["numerical", false, null, [-3, -3], null, -3, 4],
      ["numerical", false, null, [2.49, 2.51], null, null, 0],
    ];
    for (const c of cases) expect(await marksOf(c), JSON.stringify(c)).toBe(c[6]);
  });

  test("multiple correct, all or nothing: only the exact set earns marks; a subset or any wrong option is wrong", async () => {
    const cases: Case[] = [
      ["multiple", false, [1, 3], null, [1, 3], null, 4],
      ["multiple", false, [1, 3], null, [1], null, -1],
      ["multiple", false, [1, 3], null, [1, 2, 3], null, -1],
      ["multiple", false, [1, 3], null, null, null, 0],
    ];
    for (const c of cases) expect(await marksOf(c), JSON.stringify(c)).toBe(c[6]);
  });

  test("multiple correct, partial marking (JEE Advanced): a mark per right option chosen with no wrong one, below full marks", async () => {
    const all4: Case[] = [
      ["multiple", true, [1, 2, 3, 4], null, [1, 2, 3, 4], null, 4],
      ["multiple", true, [1, 2, 3, 4], null, [1, 2, 3], null, 3],
      ["multiple", true, [1, 2, 3], null, [1, 2], null, 2],
      ["multiple", true, [1, 2], null, [2], null, 1],
      ["multiple", true, [1, 2, 3], null, [1, 4], null, -2],
      ["multiple", true, [1, 2, 3], null, [4], null, -2],
      ["multiple", true, [1, 2, 3], null, [], null, 0],
    ];
    for (const c of all4) expect(await marksOf(c, 4, 2), JSON.stringify(c)).toBe(c[6]);
    // Never full marks for an incomplete answer, even when the question is worth little.
    expect(await marksOf(["multiple", true, [1, 2, 3], null, [1, 2], null, 0], 2, 1)).toBe(1);
  });
});

describe("the database refuses an inconsistent paper, saying what is wrong", () => {
  const start = new Date("2031-01-01T10:00:00Z");
  const refusal = async (statement: ReturnType<typeof sql>) => db.execute(statement).then(() => null, (e: unknown) => e as Error & { cause?: Error });
  const messageOf = (e: (Error & { cause?: Error }) | null) => `${e?.message} ${e?.cause?.message ?? ""}`;

  test("a numerical question without a range, a penalty above the marks, a multiple-correct question without a correct option, a section of another contest", async () => {
    const a = await createContest(db, { title: "Refusal Cup A", subject: "Physics", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE) });
    const b = await createContest(db, { title: "Refusal Cup B", subject: "Physics", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE) });
    await db.execute(sql`UPDATE contests SET marks = 4, penalty = 1 WHERE id = ${a.id}`);
    const [sectionB] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO contest_sections (contest_id, position, title) VALUES (${b.id}, 1, 'Physics') RETURNING id`));

    const noRange = await refusal(sql`INSERT INTO questions (contest_id, position, kind, question_text) VALUES (${a.id}, 1, 'numerical', 'g in m/s²?')`);
    expect(messageOf(noRange)).toContain("a numerical question needs its range (answer_min and answer_max)");
    // The question's own marks (1) against the contest's penalty (2): the marks that apply are checked together.
    await db.execute(sql`UPDATE contests SET penalty = 2 WHERE id = ${a.id}`);
    const penalty = await refusal(sql`INSERT INTO questions (contest_id, position, question_text, options, correct_answer, marks) VALUES (${a.id}, 2, 'Q', ARRAY['a','b'], 'a', 1)`);
    expect(messageOf(penalty)).toContain("the penalty (2) is larger than the marks (1)");
    const noKey = await refusal(sql`INSERT INTO questions (contest_id, position, kind, question_text, options) VALUES (${a.id}, 3, 'multiple', 'Which are metals?', ARRAY['Fe','O','Cu'])`);
    expect(messageOf(noKey)).toContain("a multiple-correct question needs its correct option");
    const elsewhere = await refusal(
      sql`INSERT INTO questions (contest_id, section_id, position, question_text, options, correct_answer) VALUES (${a.id}, ${sectionB!.id}, 4, 'Q', ARRAY['a','b'], 'a')`,
    );
    expect(pgConstraint(elsewhere)).toBe("questions_section_fk");
    const wrongKey = await refusal(sql`INSERT INTO questions (contest_id, position, question_text, options, correct_answer) VALUES (${a.id}, 5, 'Q', ARRAY['a','b'], 'c')`);
    expect(messageOf(wrongKey)).toContain(`correct_answer "c" is not one of its options`);
    const outOfRange = await refusal(sql`INSERT INTO questions (contest_id, position, kind, question_text, options, correct_options) VALUES (${a.id}, 6, 'multiple', 'Q', ARRAY['a','b'], '{1,3}')`);
    expect(pgConstraint(outOfRange)).toBe("questions_correct_options");
    // Nothing of it landed.
    expect(rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM questions WHERE contest_id = ${a.id}`))[0]!.n).toBe(0);
  });
});

describe("a sectioned paper under shuffling", () => {
  test("two students see different orders, one student the same order after a reload; sections stay in order; math is MathML", async () => {
    const contestId = await jeePaper(new Date());
    const [a, b] = [await enrolled(contestId), await enrolled(contestId)];
    const paperA = await get(contestId, a.cookie);
    const again = await get(contestId, a.cookie);
    const paperB = await get(contestId, b.cookie);
    const order = (p: { questions: Shown[] }) => p.questions.map((q) => `${q.html.slice(0, 3)}:${q.options.map((o) => o.n).join("")}`).join(" ");
    expect(order(again)).toBe(order(paperA));
    expect(order(paperB)).not.toBe(order(paperA));
    // Options too, question by question (not only the questions' order).
    const optionOrder = (p: { questions: Shown[] }) => Object.fromEntries(p.questions.map((q) => [q.id, q.options.map((o) => o.n).join("")]));
    expect(optionOrder(paperB)).not.toEqual(optionOrder(paperA));
    expect(optionOrder(again)).toEqual(optionOrder(paperA));
    expect(paperA.sections.map((s: { title: string }) => s.title)).toEqual(["Physics", "Chemistry", "Mathematics"]);
    expect(paperA.questions.map((q: Shown) => q.section)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    expect(paperA.hindi).toBe(true);
    const p1 = paperA.questions.find((q: Shown) => q.html.startsWith("P1"));
    expect(p1.html).toContain("<math>");
    expect(p1.html).not.toContain("$");
  });

  test("with shuffling switched off for the contest, everyone sees the paper as written", async () => {
    const contestId = await jeePaper(new Date(), false);
    for (const s of [await enrolled(contestId), await enrolled(contestId)]) {
      const paper = (await get(contestId, s.cookie)) as { questions: Shown[] };
      expect(paper.questions.map((q) => q.html.slice(0, 2))).toEqual(["P1", "P2", "P3", "P4", "C1", "C2", "C3", "C4", "M1", "M2", "M3", "M4"]);
      expect(paper.questions.every((q) => q.options.every((o, i) => o.n === i + 1))).toBe(true);
    }
  });

  test("scores are by option identity and marking scheme, whatever order each student saw; a negative total stays negative", async () => {
    const contestId = await jeePaper(new Date());
    const [good, bad] = [await enrolled(contestId), await enrolled(contestId)];
    const paper = (await get(contestId, good.cookie)) as { questions: Shown[] };
    const byText = (start: string) => paper.questions.find((q) => q.html.startsWith(start))!;
    const option = (q: Shown, text: string) => q.options.find((o) => o.html === text)!.n;
    // good: P1 right (+4), C1 right (+3), C3 one of two metals (partial +1), M1 2.5 (+4), P2 wrong (−1), C2 wrong (Chemistry's −1) = 10.
    const p1 = byText("P1");
    const answers: Array<[Shown, unknown]> = [
      [p1, { options: [option(p1, "6")] }],
      [byText("C1"), { options: [option(byText("C1"), "d")] }],
      [byText("C3"), { options: [option(byText("C3"), "Fe")], marked: true }],
      [byText("M1"), { value: "2.50" }],
      [byText("P2"), { options: [option(byText("P2"), "b")] }],
      [byText("C2"), { options: [option(byText("C2"), "c")] }],
    ];
    for (const [q, body] of answers) expect((await post(contestId, { intent: "answer", questionId: q.id, ...(body as object) }, good.cookie)).status).toBe(200);
    // bad: three wrong answers, one of them with two options on a single-correct question (refused), so −2.
    expect((await post(contestId, { intent: "answer", questionId: byText("P3").id, options: [1, 2] }, bad.cookie)).status).toBe(400);
    for (const t of ["P3", "P4"]) await post(contestId, { intent: "answer", questionId: byText(t).id, options: [1] }, bad.cookie);
    await post(contestId, { intent: "answer", questionId: byText("M1").id, value: "2.52" }, bad.cookie);
    // A numerical question takes no option; an option question no number.
    expect((await post(contestId, { intent: "answer", questionId: byText("M1").id, options: [1] }, bad.cookie)).status).toBe(400);
    expect((await post(contestId, { intent: "answer", questionId: byText("P4").id, value: "3" }, bad.cookie)).status).toBe(400);
    expect((await post(contestId, { intent: "answer", questionId: byText("M1").id, value: "2,5" }, bad.cookie)).status).toBe(400);

    // The marked answer comes back as saved, status and all.
    const reread = await get(contestId, good.cookie);
    expect(reread.answers[byText("C3").id]).toEqual({ o: [1], m: true });
    expect(reread.answers[byText("M1").id]).toEqual({ v: "2.50" });

    for (const s of [good, bad]) expect((await post(contestId, { intent: "submit", reason: "manual" }, s.cookie)).status).toBe(200);
    const rows = await db.select().from(contest_results).where(eq(contest_results.contest_id, contestId));
    const of = (userId: string) => rows.find((r) => r.user_id === userId)!;
    expect(of(good.userId)).toMatchObject({ score: 10, answered: 6 });
    expect(of(bad.userId)).toMatchObject({ score: -3, answered: 3 });
  });
});

describe("extra time for one entry", () => {
  test("it moves that entry's deadline only: its saves still count, others' are refused, the sweep waits for it, and the contest closes after it", async () => {
    const now = new Date();
    const start = new Date(now.getTime() - 35 * MINUTE); // 30 minutes each: everyone's time is over but the extra's
    const contest = await createContest(db, {
      title: `Extra Cup ${now.getTime()}`,
      subject: "Physics",
      start_time: start,
      end_time: new Date(start.getTime() + 30 * MINUTE),
      duration_minutes: 30,
      questions: [["Q", ["a", "b"], "a"]],
    });
    const [given, other] = [await enrolled(contest.id), await enrolled(contest.id)];
    await db.update(user_contest_entries).set({ extra_minutes: 10 }).where(eq(user_contest_entries.user_id, given.userId));
    expect((await db.select().from(contests).where(eq(contests.id, contest.id)))[0]!.longest_extra_minutes).toBe(10);

    const paper = await get(contest.id, given.cookie);
    expect(paper.deadline).toBe(new Date(start.getTime() + 40 * MINUTE).toISOString());
    expect(paper.extraMinutes).toBe(10);
    // The dashboard reads the same deadline: the given entry is still upcoming, the other's is past.
    const [mine] = await dashboardEntries(db, given.userId);
    expect(yourDeadline(mine!).toISOString()).toBe(paper.deadline);
    expect(splitEntries([mine!], now).upcoming).toHaveLength(1);
    expect(splitEntries(await dashboardEntries(db, other.userId), now).upcoming).toHaveLength(0);
    const q = contest.questions[0]!.id;
    expect((await post(contest.id, { intent: "answer", questionId: q, options: [1] }, given.cookie)).status).toBe(200);
    expect((await post(contest.id, { intent: "answer", questionId: q, options: [1] }, other.cookie)).status).toBe(409);
    await db.execute(sql`UPDATE user_contest_entries SET status = true, started_at = ${start.toISOString()}::timestamptz WHERE contest_id = ${contest.id}`);

    // The sweep now submits the other entry (its time is over) but not the one with extra time.
    await closeDueContests(db, now);
    const entries = await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, contest.id));
    expect(entries.find((e) => e.user_id === other.userId)!.has_submitted).toBe(true);
    expect(entries.find((e) => e.user_id === given.userId)!.has_submitted).toBe(false);
    // The contest ended for everyone else, but it is not final until the last deadline and its grace.
    expect(await finalizeContest(db, contest.id, now)).toBe("not-ended");
    const after = new Date(start.getTime() + 40 * MINUTE + 11_000);
    expect(await finalizeContest(db, contest.id, after)).toBe("finalized");
    const [result] = await db.select().from(contest_results).where(eq(contest_results.user_id, given.userId));
    expect(result).toMatchObject({ score: 1, rank: 1 });
  });
});
