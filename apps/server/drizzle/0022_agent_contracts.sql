CREATE TABLE "agent_contract_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"requested_by" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "agent_contract_requests_type" CHECK ("agent_contract_requests"."type" in ('new', 'termination')),
	CONSTRAINT "agent_contract_requests_status" CHECK ("agent_contract_requests"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "agent_contract_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_contract_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"period_key" varchar(32) NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"ngr" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"tier" smallint,
	"rate_bp" integer,
	"base" bigint DEFAULT 0 NOT NULL,
	"carry_before" bigint DEFAULT 0 NOT NULL,
	"carry_after" bigint DEFAULT 0 NOT NULL,
	"shortfall_before" bigint DEFAULT 0 NOT NULL,
	"shortfall_after" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_contract_settlements_amount" CHECK ("agent_contract_settlements"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"upline_id" integer,
	"downline_id" integer NOT NULL,
	"period" varchar(1),
	"terms" jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'offered' NOT NULL,
	"end_reason" varchar(32),
	"carry" bigint DEFAULT 0 NOT NULL,
	"shortfall" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_contracts_kind" CHECK ("agent_contracts"."kind" in ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
	CONSTRAINT "agent_contracts_status" CHECK ("agent_contracts"."status" in ('offered', 'active', 'rejected', 'terminated', 'ended_by_conflict')),
	CONSTRAINT "agent_contracts_period" CHECK (("agent_contracts"."kind" = 'dividend' and "agent_contracts"."period" in ('D', 'W', 'H', 'M'))
        or ("agent_contracts"."kind" <> 'dividend' and "agent_contracts"."period" is null)),
	CONSTRAINT "agent_contracts_carry" CHECK ("agent_contracts"."carry" <= 0 and "agent_contracts"."shortfall" <= 0)
);
--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD CONSTRAINT "agent_contract_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD CONSTRAINT "agent_contract_requests_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD CONSTRAINT "agent_contract_requests_requested_by_members_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD CONSTRAINT "agent_contract_requests_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_settings" ADD CONSTRAINT "agent_contract_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_settlements" ADD CONSTRAINT "agent_contract_settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_settlements" ADD CONSTRAINT "agent_contract_settlements_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_requests_one_pending" ON "agent_contract_requests" USING btree ("contract_id") WHERE "agent_contract_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_settlements_period" ON "agent_contract_settlements" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_active" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_offer" ON "agent_contracts" USING btree ("downline_id","kind") WHERE "agent_contracts"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contracts_upline" ON "agent_contracts" USING btree ("upline_id","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_merchant" ON "agent_contracts" USING btree ("merchant_id","kind","status");