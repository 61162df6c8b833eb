-- The store's search (docs/decisions.md, "Finding a book when you mistype it"): pg_trgm
-- (PGlite ships it too; every PGlite this project opens loads it, app/db/client.server.ts
-- and the scripts and tests that open one), each listing's words as a tsvector, and the
-- dictionary of every word they hold, kept by a trigger.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "store_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', lower(regexp_replace(title || ' ' || coalesce(author, '') || ' ' || coalesce(isbn, '') || ' ' || coalesce(publisher, ''), '[!-/:-@[-`{-~]+', '', 'g')))) STORED;--> statement-breakpoint
CREATE INDEX "store_words_trgm_idx" ON "store_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_words_prefix_idx" ON "store_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "marketplace_products_search_idx" ON "marketplace_products" USING gin ("search_tsv");--> statement-breakpoint
CREATE FUNCTION remember_store_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Numbers (an ISBN, a volume) are found as typed, never as a misspelling: not kept.
  INSERT INTO store_words (word) SELECT w FROM unnest(tsvector_to_array(NEW.search_tsv)) AS w WHERE w !~ '^[0-9]+$' ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER marketplace_products_store_words AFTER INSERT OR UPDATE OF title, author, isbn, publisher ON marketplace_products
  FOR EACH ROW EXECUTE FUNCTION remember_store_words();--> statement-breakpoint
INSERT INTO store_words (word) SELECT DISTINCT w FROM marketplace_products, unnest(tsvector_to_array(search_tsv)) AS w WHERE w !~ '^[0-9]+$' ON CONFLICT DO NOTHING;