CREATE TABLE "portfolio_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"date" text NOT NULL,
	"sequence" integer NOT NULL,
	"symbol" text,
	"quantity" numeric(28, 10) DEFAULT 0 NOT NULL,
	"unit_price" numeric(28, 10) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(28, 10) DEFAULT 0 NOT NULL,
	"commission" numeric(28, 10) DEFAULT 0 NOT NULL,
	"vat" numeric(28, 10) DEFAULT 0 NOT NULL,
	"withholding" numeric(28, 10) DEFAULT 0 NOT NULL,
	"split_ratio" numeric(28, 10),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" numeric(28, 10) NOT NULL,
	"notify_email" boolean DEFAULT false NOT NULL,
	"fired_on" text,
	"fired_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_alerts_kind_ck" CHECK ("portfolio_alerts"."kind" in ('day-move', 'weight'))
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"base_currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_activities" ADD CONSTRAINT "portfolio_activities_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_activities" ADD CONSTRAINT "portfolio_activities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_alerts" ADD CONSTRAINT "portfolio_alerts_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_alerts" ADD CONSTRAINT "portfolio_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_activities_portfolio_idx" ON "portfolio_activities" USING btree ("portfolio_id","date","sequence");--> statement-breakpoint
CREATE INDEX "portfolio_activities_user_idx" ON "portfolio_activities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolio_activities_symbol_idx" ON "portfolio_activities" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "portfolio_alerts_portfolio_idx" ON "portfolio_alerts" USING btree ("portfolio_id");--> statement-breakpoint
CREATE INDEX "portfolio_alerts_user_idx" ON "portfolio_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolios_user_idx" ON "portfolios" USING btree ("user_id","created_at");