DROP INDEX "price_alerts_armed_symbol_idx";--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD COLUMN "trigger_id" uuid;--> statement-breakpoint
CREATE INDEX "alert_notifications_trigger_idx" ON "alert_notifications" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "price_alerts_armed_symbol_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'active';--> statement-breakpoint
ALTER TABLE "price_alerts" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "price_alerts" DROP COLUMN "is_triggered";