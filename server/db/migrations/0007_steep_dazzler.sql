CREATE TABLE "instruments" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_ar_missing" boolean DEFAULT false NOT NULL,
	"exchange" text NOT NULL,
	"board" text,
	"sector" text NOT NULL,
	"currency" text NOT NULL,
	"tickers" jsonb NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "instruments_exchange_idx" ON "instruments" USING btree ("exchange","symbol");