-- Full-text search (issue 6; decision record "search vectors" in docs/decisions). Each searchable table gets a stored,
-- weighted tsvector (A title, B summary fields, C the rest) and a GIN index on it. Stored rather than
-- an expression index because ts_rank needs the vector of every candidate row: recomputing
-- to_tsvector per row made ranking 10-50x slower on 100,000 documents (bench/search.ts).
-- Hand-written: drizzle cannot declare these columns without every query selecting them; the
-- snapshot is unchanged, so drizzle-kit keeps diffing the schema files as before.
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("excerpt", '') || ' ' || coalesce("category", '') || ' ' || coalesce("bank_name", '')), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("body_markdown", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("source", '') || ' ' || coalesce("category", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "news_items_search_idx" ON "news_items" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("description", '') || ' ' || "regulators"::text || ' ' || "features"::text), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("min_deposit", '') || ' ' || coalesce("spread", '')), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "brokers_search_idx" ON "brokers" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("reason", '') || ' ' || coalesce("warning", '') || ' ' || coalesce("regulator", '')), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("severity", '') || ' risk blacklist scam warning'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "blacklist_entries_search_idx" ON "blacklist_entries" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "education_cards" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("body", '')), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("section", '') || ' education'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "education_cards_search_idx" ON "education_cards" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, coalesce("description", '') || ' ' || coalesce("country", '') || ' ' || coalesce("category", '')), 'B') ||
	setweight(to_tsvector('english'::regconfig, coalesce("impact", '') || ' calendar'), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX "economic_events_search_idx" ON "economic_events" USING gin ("search_vector");
