CREATE TABLE "shariah_authorities" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shariah_rulings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"authority_id" text NOT NULL,
	"ruling" text NOT NULL,
	"list_date" date NOT NULL,
	"list_url" text NOT NULL,
	"purification_per_share" text,
	"source" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shariah_rulings_ruling_check" CHECK ("shariah_rulings"."ruling" in ('compliant', 'non-compliant', 'mixed'))
);
--> statement-breakpoint
ALTER TABLE "shariah_rulings" ADD CONSTRAINT "shariah_rulings_authority_id_shariah_authorities_id_fk" FOREIGN KEY ("authority_id") REFERENCES "public"."shariah_authorities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shariah_rulings" ADD CONSTRAINT "shariah_rulings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shariah_rulings_symbol_authority_idx" ON "shariah_rulings" USING btree ("symbol","authority_id");--> statement-breakpoint
CREATE INDEX "shariah_rulings_authority_idx" ON "shariah_rulings" USING btree ("authority_id");