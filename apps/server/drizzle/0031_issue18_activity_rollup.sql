CREATE TABLE "agent_report_closes" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"day" date NOT NULL,
	"closed_day" date NOT NULL,
	"closed_count" integer NOT NULL,
	"valid_bets" bigint NOT NULL,
	CONSTRAINT "agent_report_closes_member_id_day_currency_closed_day_pk" PRIMARY KEY("member_id","day","currency","closed_day")
);
--> statement-breakpoint
-- The rollup gains the close-day figures (decision 015): it is built again from game_rounds by the
-- next pass of agent-report-rollup (no state row: the pass builds everything); until then the
-- reports read game_rounds, as before a first build.
DELETE FROM "agent_report_rollup_state";--> statement-breakpoint
TRUNCATE "agent_report_days";--> statement-breakpoint
DROP INDEX "agent_report_days_covering";--> statement-breakpoint
ALTER TABLE "agent_report_days" ADD COLUMN "closed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_report_days" ADD COLUMN "closed_valid_bets" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_report_closes" ADD CONSTRAINT "agent_report_closes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_report_closes" ADD CONSTRAINT "agent_report_closes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_report_closes_closed_day" ON "agent_report_closes" USING btree ("member_id","closed_day");--> statement-breakpoint
CREATE INDEX "agent_report_days_covering" ON "agent_report_days" USING btree ("span","day","member_id","currency","merchant_id","bet_count","bets","valid_bets","payout","closed_count","closed_valid_bets");