ALTER TABLE "members" ADD COLUMN "referrer_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "invite_code" varchar(16);--> statement-breakpoint
CREATE INDEX "members_referrer" ON "members" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_invite_code_unique" ON "members" USING btree ("merchant_id","invite_code") WHERE "members"."invite_code" is not null;