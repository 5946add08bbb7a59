ALTER TABLE "login_challenges" ADD COLUMN "password_ok" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "factors_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
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
