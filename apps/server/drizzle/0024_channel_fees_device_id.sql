ALTER TABLE "login_events" ADD COLUMN "device_id" varchar(64);--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "fee_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "fee_fixed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "fee_min" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "fee_max" bigint;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD COLUMN "fee_bearer" varchar(8) DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fee_bearer" varchar(8) DEFAULT 'member' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_events_device_idx" ON "login_events" USING btree ("merchant_id","device_id");--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_fee" CHECK ("deposit_channels"."fee_rate_bp" between 0 and 5000 and "deposit_channels"."fee_fixed" >= 0 and "deposit_channels"."fee_min" >= 0
          and ("deposit_channels"."fee_max" is null or "deposit_channels"."fee_max" >= "deposit_channels"."fee_min")
          and "deposit_channels"."fee_bearer" in ('member', 'merchant'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_fee" CHECK ("deposits"."fee_amount" >= 0 and ("deposits"."fee_bearer" = 'merchant' or "deposits"."fee_amount" < "deposits"."amount"));