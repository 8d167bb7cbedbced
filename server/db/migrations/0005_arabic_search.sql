-- Arabic search (issue 10; decision record "arabic search" in docs/decisions). Every search vector is
-- rebuilt through search_tsvector(): text without Arabic letters gets exactly the 'english' vector it
-- had before (English search unchanged); text with Arabic letters gets the 'english' vector plus the
-- 'arabic' one (snowball: al-/li-/bi- prefixes and hamza forms folded), so an Arabic query parsed with
-- 'arabic' finds its other inflections while Latin words in the same text still match English queries.
-- Hand-written like 0001 (drizzle cannot declare these columns). Names are pg_catalog-qualified so a
-- restore with an empty search_path (pg_dump) computes the same vectors.
CREATE OR REPLACE FUNCTION "search_tsvector"(doc text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT CASE WHEN doc OPERATOR(pg_catalog.~) '[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]'
		THEN pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, doc)
			OPERATOR(pg_catalog.||) pg_catalog.to_tsvector('pg_catalog.arabic'::pg_catalog.regconfig, doc)
		ELSE pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, doc) END $$;--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("title", '')), 'A') ||
	setweight(search_tsvector(coalesce("excerpt", '') || ' ' || coalesce("category", '') || ' ' || coalesce("bank_name", '')), 'B') ||
	setweight(search_tsvector(coalesce("body_markdown", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "news_items" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("title", '')), 'A') ||
	setweight(search_tsvector(coalesce("description", '')), 'B') ||
	setweight(search_tsvector(coalesce("source", '') || ' ' || coalesce("category", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "news_items_search_idx" ON "news_items" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "brokers" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("name", '')), 'A') ||
	setweight(search_tsvector(coalesce("description", '') || ' ' || "regulators"::text || ' ' || "features"::text), 'B') ||
	setweight(search_tsvector(coalesce("min_deposit", '') || ' ' || coalesce("spread", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "brokers_search_idx" ON "brokers" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "blacklist_entries" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("name", '')), 'A') ||
	setweight(search_tsvector(coalesce("reason", '') || ' ' || coalesce("warning", '') || ' ' || coalesce("regulator", '')), 'B') ||
	setweight(search_tsvector(coalesce("severity", '') || ' risk blacklist scam warning'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "blacklist_entries_search_idx" ON "blacklist_entries" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "education_cards" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "education_cards" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("title", '')), 'A') ||
	setweight(search_tsvector(coalesce("body", '')), 'B') ||
	setweight(search_tsvector(coalesce("section", '') || ' education'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "education_cards_search_idx" ON "education_cards" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "economic_events" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(search_tsvector(coalesce("title", '')), 'A') ||
	setweight(search_tsvector(coalesce("description", '') || ' ' || coalesce("country", '') || ' ' || coalesce("category", '')), 'B') ||
	setweight(search_tsvector(coalesce("impact", '') || ' calendar'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "economic_events_search_idx" ON "economic_events" USING gin ("search_vector");
