CREATE TABLE "promotion_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"kind" varchar(24) NOT NULL,
	"currency" char(3) NOT NULL,
	"terms" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"receivers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_campaigns_state" CHECK ("promotion_campaigns"."state" in ('draft', 'live', 'paused', 'closed')),
	CONSTRAINT "promotion_campaigns_counts" CHECK ("promotion_campaigns"."paid" >= 0 and "promotion_campaigns"."receivers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_participations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_key" varchar(16) NOT NULL,
	"state" varchar(16) NOT NULL,
	"qualifying" bigint,
	"reward" bigint,
	"terms" jsonb NOT NULL,
	"grant_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_participations_state" CHECK ("promotion_participations"."state" in ('joined', 'qualified', 'applying', 'rejected', 'issued', 'process', 'claimed', 'forfeited')),
	CONSTRAINT "promotion_participations_amounts" CHECK (coalesce("promotion_participations"."qualifying", 0) >= 0 and coalesce("promotion_participations"."reward", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_campaigns" ADD CONSTRAINT "promotion_campaigns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_participations" ADD CONSTRAINT "promotion_participations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_participations" ADD CONSTRAINT "promotion_participations_campaign_id_promotion_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promotion_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_participations" ADD CONSTRAINT "promotion_participations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_participations" ADD CONSTRAINT "promotion_participations_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_campaigns_merchant" ON "promotion_campaigns" USING btree ("merchant_id","state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_participations_period" ON "promotion_participations" USING btree ("campaign_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "promotion_participations_member" ON "promotion_participations" USING btree ("member_id","updated_at");