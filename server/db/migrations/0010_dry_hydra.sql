ALTER TABLE "articles" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "excerpt_ar" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "body_markdown_ar" text;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD COLUMN "reason_ar" text;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD COLUMN "warning_ar" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "education_cards" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "education_cards" ADD COLUMN "body_ar" text;