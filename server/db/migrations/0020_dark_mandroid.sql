CREATE INDEX "disclosures_feed_idx" ON "disclosures" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "dividend_reminders_action_idx" ON "dividend_reminders" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "dividend_watch_notices_action_idx" ON "dividend_watch_notices" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "shariah_rulings_updated_by_idx" ON "shariah_rulings" USING btree ("updated_by");