ALTER TABLE "login_challenges" ADD COLUMN "force_password_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_pending_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_last_step" integer;