ALTER TABLE "articles" ADD COLUMN "ar_machine_translated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "subject_ar" text;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD COLUMN "content_markdown_ar" text;