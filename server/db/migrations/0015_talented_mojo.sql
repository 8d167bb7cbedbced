ALTER TABLE "market_bars" ADD COLUMN "volume" numeric(24, 4);--> statement-breakpoint
ALTER TABLE "market_bars" ADD COLUMN "source" text;