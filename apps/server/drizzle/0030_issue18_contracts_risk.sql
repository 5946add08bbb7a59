CREATE TABLE "agent_settlement_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_type" varchar(16) NOT NULL,
	"period_kind" varchar(2) NOT NULL,
	"period_key" varchar(32) NOT NULL,
	"contract_id" integer,
	"agent_id" integer,
	"cause_agent_id" integer,
	"reason" varchar(32) NOT NULL,
	"detail" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "agent_settlement_failures_once" UNIQUE NULLS NOT DISTINCT("merchant_id","contract_type","period_key","contract_id"),
	CONSTRAINT "agent_settlement_failures_status" CHECK ("agent_settlement_failures"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "risk_queue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"restricted_person_id" integer,
	"stage" varchar(16) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract_settlements" ADD COLUMN "downline_gross" bigint;--> statement-breakpoint
ALTER TABLE "agent_contract_settlements" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience" varchar(8) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_settlement_failures" ADD CONSTRAINT "agent_settlement_failures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_failures" ADD CONSTRAINT "agent_settlement_failures_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_failures" ADD CONSTRAINT "agent_settlement_failures_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_failures" ADD CONSTRAINT "agent_settlement_failures_cause_agent_id_members_id_fk" FOREIGN KEY ("cause_agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement_failures" ADD CONSTRAINT "agent_settlement_failures_resolved_by_operators_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_restricted_person_id_restricted_persons_id_fk" FOREIGN KEY ("restricted_person_id") REFERENCES "public"."restricted_persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_settlement_failures_open" ON "agent_settlement_failures" USING btree ("merchant_id","status","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_queue_items_member_entry" ON "risk_queue_items" USING btree ("member_id","restricted_person_id") WHERE "risk_queue_items"."restricted_person_id" is not null;--> statement-breakpoint
CREATE INDEX "risk_queue_items_merchant" ON "risk_queue_items" USING btree ("merchant_id","created_at");--> statement-breakpoint
-- Restricted-person names in the matcher's form (normalizeName): accents dropped, anything but letters and digits one space.
UPDATE "restricted_persons" SET "full_name" = trim(regexp_replace(translate(upper("full_name"), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ', 'AAAAAAEEEEIIIIOOOOOUUUUNCY'), '[^A-Z0-9]+', ' ', 'g'));--> statement-breakpoint
-- AGENTPOLICY3 now governs the agent programme (decision 020): a merchant that already has agents keeps its programme on.
INSERT INTO "whitelabel_switches" ("merchant_id", "code", "enabled")
SELECT DISTINCT "merchant_id", 'AGENTPOLICY3', true FROM "members" WHERE "type" IN (1, 2, 41, 42)
ON CONFLICT ("merchant_id", "code") DO NOTHING;
