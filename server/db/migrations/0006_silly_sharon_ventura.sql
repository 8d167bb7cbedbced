CREATE TABLE "calendar_feed_cache" (
	"url" text PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"body" text,
	"fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone,
	"last_status" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"notify_email" boolean DEFAULT false NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "actual" text;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "source" text DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "confidence" text DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "series" text;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "economic_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_event_id_economic_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."economic_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_reminders_user_event_idx" ON "calendar_reminders" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "calendar_reminders_event_idx" ON "calendar_reminders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "calendar_reminders_due_idx" ON "calendar_reminders" USING btree ("remind_at") WHERE "calendar_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "economic_events_series_starts_idx" ON "economic_events" USING btree ("series","starts_at");