ALTER TABLE "agent_report_days" DROP CONSTRAINT "agent_report_days_span";--> statement-breakpoint
DROP INDEX "agent_report_days_day";--> statement-breakpoint
CREATE INDEX "agent_report_days_covering" ON "agent_report_days" USING btree ("span","day","member_id","currency","merchant_id","bet_count","bets","valid_bets","payout");--> statement-breakpoint
ALTER TABLE "agent_report_days" ADD CONSTRAINT "agent_report_days_span" CHECK ("agent_report_days"."span" in ('D', 'W', 'M'));--> statement-breakpoint
-- The month rows of a rollup already built: the sums of its day rows (decision 015).
INSERT INTO "agent_report_days" ("merchant_id", "member_id", "span", "day", "currency", "bet_count", "bets", "valid_bets", "payout")
SELECT "merchant_id", "member_id", 'M', date_trunc('month', "day")::date, "currency", sum("bet_count"), sum("bets"), sum("valid_bets"), sum("payout")
  FROM "agent_report_days"
 WHERE "span" = 'D'
 GROUP BY "merchant_id", "member_id", date_trunc('month', "day")::date, "currency";--> statement-breakpoint
-- Which days hold a span's rows: a month row shares its day with the first day's row, so the
-- planner must know span and day together to count a month's rows (drizzle has no statistics).
CREATE STATISTICS "agent_report_days_span_day" (mcv, dependencies) ON "span", "day" FROM "agent_report_days";
--> statement-breakpoint
-- The covering index serves the reports without visiting the table only where the visibility map
-- says a page is all visible: vacuum after each few thousand rows a rollup pass rewrites, not
-- after a fifth of the table (PostgreSQL's default).
ALTER TABLE "agent_report_days" SET (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005);
