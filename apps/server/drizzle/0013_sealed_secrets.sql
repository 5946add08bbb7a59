ALTER TABLE "members" ALTER COLUMN "totp_pending_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "totp_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "totp_pending_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "totp_secret" SET DATA TYPE text;