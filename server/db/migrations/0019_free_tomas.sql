CREATE TABLE "disclosure_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"exchange" text NOT NULL,
	"language" text NOT NULL,
	"field" text NOT NULL,
	"pattern" text NOT NULL,
	"match" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosure_feeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "disclosures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"published_at" timestamp with time zone NOT NULL,
	"date_unknown" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosures_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "disclosures" ADD CONSTRAINT "disclosures_feed_id_disclosure_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."disclosure_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosures_symbol_published_idx" ON "disclosures" USING btree ("symbol","published_at" desc);--> statement-breakpoint
CREATE INDEX "disclosures_published_idx" ON "disclosures" USING btree ("published_at" desc);