CREATE TABLE "social_identities" (
	"merchant_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_identities_merchant_id_provider_subject_pk" PRIMARY KEY("merchant_id","provider","subject")
);
--> statement-breakpoint
CREATE TABLE "social_providers" (
	"merchant_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"token_endpoint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_providers_merchant_id_provider_pk" PRIMARY KEY("merchant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "social_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"member_id" integer,
	"login_code_hash" varchar(64),
	"login_code_expires_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_sign_ins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "social_sign_ins_login_code_hash_unique" UNIQUE("login_code_hash")
);
--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_providers" ADD CONSTRAINT "social_providers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_ins" ADD CONSTRAINT "social_sign_ins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_sign_ins" ADD CONSTRAINT "social_sign_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_identities_member_idx" ON "social_identities" USING btree ("member_id");