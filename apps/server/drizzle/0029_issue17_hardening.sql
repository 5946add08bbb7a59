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
ALTER TABLE "operators" ADD COLUMN "enrolment_code_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "enrolment_code_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_login_attempts_last_idx" ON "operator_login_attempts" USING btree ("last_attempt_at");--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "operators" DROP COLUMN "locked_until";