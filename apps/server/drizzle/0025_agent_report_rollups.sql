CREATE TABLE "agent_report_days" (
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"span" char(1) NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"bet_count" integer NOT NULL,
	"bets" bigint NOT NULL,
	"valid_bets" bigint NOT NULL,
	"payout" bigint NOT NULL,
	CONSTRAINT "agent_report_days_member_id_span_day_currency_pk" PRIMARY KEY("member_id","span","day","currency"),
	CONSTRAINT "agent_report_days_span" CHECK ("agent_report_days"."span" in ('D', 'W'))
);
--> statement-breakpoint
CREATE TABLE "agent_report_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_report_rollup_state_one" CHECK ("agent_report_rollup_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "agent_report_days" ADD CONSTRAINT "agent_report_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_report_days" ADD CONSTRAINT "agent_report_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_report_days_day" ON "agent_report_days" USING btree ("span","day");