CREATE TABLE "bgs_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"client_request_id" varchar(64) NOT NULL,
	"client_seed" varchar(64) NOT NULL,
	"nonce" integer NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bgs_seed_pairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" char(64) NOT NULL,
	"client_seed" varchar(64) NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bgs_rounds" ADD CONSTRAINT "bgs_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bgs_rounds" ADD CONSTRAINT "bgs_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bgs_rounds" ADD CONSTRAINT "bgs_rounds_seed_pair_id_bgs_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."bgs_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bgs_seed_pairs" ADD CONSTRAINT "bgs_seed_pairs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bgs_seed_pairs" ADD CONSTRAINT "bgs_seed_pairs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bgs_rounds_request" ON "bgs_rounds" USING btree ("member_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bgs_rounds_nonce" ON "bgs_rounds" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "bgs_rounds_member" ON "bgs_rounds" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bgs_seed_pairs_active" ON "bgs_seed_pairs" USING btree ("member_id") WHERE "bgs_seed_pairs"."active";--> statement-breakpoint
CREATE INDEX "bgs_seed_pairs_member" ON "bgs_seed_pairs" USING btree ("member_id","id");