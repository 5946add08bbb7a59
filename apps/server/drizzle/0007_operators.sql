CREATE TABLE "operator_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ip" "inet" NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer,
	"username" varchar(32) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(24) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"totp_pending_secret" varchar(64),
	"totp_secret" varchar(64),
	"totp_last_step" integer,
	"enrolment_token_hash" varchar(64),
	"enrolment_expires_at" timestamp with time zone,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_unique" ON "operators" USING btree ("merchant_id","username") WHERE "operators"."merchant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_platform_username_unique" ON "operators" USING btree ("username") WHERE "operators"."merchant_id" is null;