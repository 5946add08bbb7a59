CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" varchar(64) NOT NULL,
	"period" varchar(64) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"bank_name" varchar(100),
	"account_name" varchar(80) NOT NULL,
	"account_number" varchar(34) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_method" CHECK ("payout_accounts"."method" in ('bank', 'gcash', 'maya', 'ewallet'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"payout_account_id" integer,
	"payee_method" varchar(16) NOT NULL,
	"payee_bank" varchar(100),
	"payee_name" varchar(80) NOT NULL,
	"payee_account" varchar(34) NOT NULL,
	"client_request_id" varchar(64) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"hold_id" bigint NOT NULL,
	"hold_entry_id" bigint NOT NULL,
	"settle_entry_id" bigint,
	"gateway_code" varchar(32),
	"gateway_payout_id" varchar(64),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"paid_at" timestamp with time zone,
	"receipt_status" varchar(16),
	"receipt_at" timestamp with time zone,
	"receipt_note" text,
	"proof_image" "bytea",
	"proof_content_type" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'processing', 'paid', 'rejected', 'failed')),
	CONSTRAINT "withdrawals_receipt" CHECK ("withdrawals"."receipt_status" is null or ("withdrawals"."status" = 'paid' and "withdrawals"."receipt_status" in ('received', 'partial', 'not_received', 'auto_received')))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_entry_id_ledger_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_entry_id_ledger_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_period" ON "job_runs" USING btree ("job","period");--> statement-breakpoint
CREATE INDEX "job_runs_latest" ON "job_runs" USING btree ("job","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_member_number" ON "payout_accounts" USING btree ("member_id","method","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_client_request" ON "withdrawals" USING btree ("member_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_gateway_payout" ON "withdrawals" USING btree ("gateway_code","gateway_payout_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_unconfirmed_idx" ON "withdrawals" USING btree ("paid_at") WHERE "withdrawals"."status" = 'paid' and "withdrawals"."receipt_status" is null;