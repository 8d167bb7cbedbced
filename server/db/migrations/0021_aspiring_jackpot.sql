CREATE TABLE "saved_screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"notify_email" boolean DEFAULT false NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"noticed_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_screens" ADD CONSTRAINT "saved_screens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_screens_user_name_uq" ON "saved_screens" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "saved_screens_user_idx" ON "saved_screens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_screens_alerts_idx" ON "saved_screens" USING btree ("alerts");