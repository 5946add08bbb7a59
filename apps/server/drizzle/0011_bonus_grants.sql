CREATE TABLE "bonus_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"title" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"turnover_required" bigint NOT NULL,
	"turnover_done" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bonus_grants_amounts" CHECK ("bonus_grants"."amount" > 0 and "bonus_grants"."turnover_required" >= 0 and "bonus_grants"."turnover_done" >= 0),
	CONSTRAINT "bonus_grants_status" CHECK ("bonus_grants"."status" in ('active', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_grants_member" ON "bonus_grants" USING btree ("member_id","created_at");