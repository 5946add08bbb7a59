CREATE TABLE "money_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"withdraw_min_amount" bigint NOT NULL,
	"withdraw_max_amount" bigint NOT NULL,
	"withdraw_daily_count" integer NOT NULL,
	"withdraw_daily_amount" bigint NOT NULL,
	"auto_receipt_minutes" integer NOT NULL,
	"transfer_min_amount" bigint NOT NULL,
	"transfer_max_amount" bigint NOT NULL,
	"transfer_daily_amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_settings_limits" CHECK ("money_settings"."withdraw_min_amount" > 0 and "money_settings"."withdraw_max_amount" >= "money_settings"."withdraw_min_amount"
        and "money_settings"."withdraw_daily_count" > 0 and "money_settings"."withdraw_daily_amount" >= "money_settings"."withdraw_min_amount"
        and "money_settings"."auto_receipt_minutes" > 0 and "money_settings"."transfer_min_amount" > 0
        and "money_settings"."transfer_max_amount" >= "money_settings"."transfer_min_amount"
        and "money_settings"."transfer_daily_amount" >= "money_settings"."transfer_min_amount")
);
--> statement-breakpoint
ALTER TABLE "money_settings" ADD CONSTRAINT "money_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;