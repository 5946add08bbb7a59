CREATE TABLE "game_balance_requests" (
	"credential_id" integer NOT NULL,
	"request_uuid" varchar(64) NOT NULL,
	"content_hash" char(64) NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_balance_requests_credential_id_request_uuid_pk" PRIMARY KEY("credential_id","request_uuid")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"game_category" varchar(16) NOT NULL,
	"currency" char(3) NOT NULL,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"win_count" integer DEFAULT 0 NOT NULL,
	"rollback_count" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"credential_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"transaction_uuid" varchar(64) NOT NULL,
	"reference_uuid" varchar(64),
	"round_pk" bigint,
	"amount" bigint DEFAULT 0 NOT NULL,
	"state" varchar(12) DEFAULT 'applied' NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"content_hash" char(64),
	"response" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_transactions_kind" CHECK ("game_transactions"."kind" in ('bet', 'win', 'rollback')),
	CONSTRAINT "game_transactions_state" CHECK ("game_transactions"."state" in ('applied', 'rolled_back', 'void', 'refused')),
	CONSTRAINT "game_transactions_amount" CHECK ("game_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"wallet_mode" varchar(16) DEFAULT 'seamless' NOT NULL,
	"secret" text NOT NULL,
	"rsa_public_key" text,
	"currency" char(3) NOT NULL,
	"base_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credentials_mode" CHECK ("vendor_credentials"."wallet_mode" in ('seamless', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "vendor_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"credential_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_uuid" varchar(64) NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ledger_entry_id" bigint,
	"reverse_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_transfers_direction" CHECK ("vendor_transfers"."direction" in ('in', 'out')),
	CONSTRAINT "vendor_transfers_state" CHECK ("vendor_transfers"."state" in ('pending', 'completed', 'failed')),
	CONSTRAINT "vendor_transfers_amount" CHECK ("vendor_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_balance_requests" ADD CONSTRAINT "game_balance_requests_credential_id_vendor_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."vendor_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_credential_id_vendor_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."vendor_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_round_pk_game_rounds_id_fk" FOREIGN KEY ("round_pk") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD CONSTRAINT "game_transactions_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credentials" ADD CONSTRAINT "vendor_credentials_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_credential_id_vendor_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."vendor_credentials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_reverse_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverse_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_unique" ON "game_rounds" USING btree ("merchant_id","vendor_code","member_id","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_member_time" ON "game_rounds" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_member" ON "game_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transactions_unique" ON "game_transactions" USING btree ("credential_id","transaction_uuid");--> statement-breakpoint
CREATE INDEX "game_transactions_wins" ON "game_transactions" USING btree ("merchant_id","created_at") WHERE "game_transactions"."kind" = 'win' and "game_transactions"."amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credentials_unique" ON "vendor_credentials" USING btree ("merchant_id","vendor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transfers_uuid" ON "vendor_transfers" USING btree ("transfer_uuid");--> statement-breakpoint
CREATE INDEX "vendor_transfers_pending" ON "vendor_transfers" USING btree ("state","updated_at");