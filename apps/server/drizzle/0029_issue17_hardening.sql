CREATE TABLE "operator_login_attempts" (
	"subject" varchar(80) NOT NULL,
	"source" varchar(64) NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "operator_login_attempts_subject_source_pk" PRIMARY KEY("subject","source")
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "password_ok" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "factors_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "enrolment_code_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "enrolment_code_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_login_attempts_last_idx" ON "operator_login_attempts" USING btree ("last_attempt_at");--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "locked_until";--> statement-breakpoint
-- Hand-written (decision 017): a number counts as verified where a consumed SMS code to it shows
-- it was proved (mobile registration with SMS verification, binding, SMS login or reset); the
-- time is that of the newest such code. Numbers typed at username registration stay unverified.
UPDATE "members" SET "mobile_verified_at" = proved."at"
FROM (
  SELECT "merchant_id", "destination", max("consumed_at") AS "at"
  FROM "verification_codes"
  WHERE "channel" = 'sms' AND "consumed_at" IS NOT NULL
    AND "purpose" IN ('register', 'bind', 'login', 'reset')
  GROUP BY "merchant_id", "destination"
) AS proved
WHERE "members"."mobile_num" IS NOT NULL
  AND proved."merchant_id" = "members"."merchant_id"
  AND proved."destination" = '+' || coalesce("members"."country_dialing_code", '63') || "members"."mobile_num";
