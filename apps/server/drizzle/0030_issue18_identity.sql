CREATE TABLE "risk_queue_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"restricted_person_id" integer,
	"stage" varchar(16) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "audience" varchar(8) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_queue_items" ADD CONSTRAINT "risk_queue_items_restricted_person_id_restricted_persons_id_fk" FOREIGN KEY ("restricted_person_id") REFERENCES "public"."restricted_persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_queue_items_member_entry" ON "risk_queue_items" USING btree ("member_id","restricted_person_id") WHERE "risk_queue_items"."restricted_person_id" is not null;--> statement-breakpoint
CREATE INDEX "risk_queue_items_merchant" ON "risk_queue_items" USING btree ("merchant_id","created_at");--> statement-breakpoint
-- Restricted-person names in the matcher's form (normalizeName): accents dropped, anything but letters and digits one space.
UPDATE "restricted_persons" SET "full_name" = trim(regexp_replace(translate(upper("full_name"), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ', 'AAAAAAEEEEIIIIOOOOOUUUUNCY'), '[^A-Z0-9]+', ' ', 'g'));
