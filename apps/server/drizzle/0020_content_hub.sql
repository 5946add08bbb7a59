CREATE TABLE "platform_message_reads" (
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_message_reads_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "platform_message_recipients" (
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "platform_message_recipients_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "platform_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"target" varchar(8) NOT NULL,
	"segment" varchar(16),
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_hot_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vendor_code" varchar(32) NOT NULL,
	"title" jsonb NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"home_team_image_url" text DEFAULT '' NOT NULL,
	"away_team_image_url" text DEFAULT '' NOT NULL,
	"match_time" timestamp with time zone NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_transfers" DROP CONSTRAINT "vendor_transfers_state";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "kind" varchar(16) DEFAULT 'ANNOUNCEMENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_message_reads" ADD CONSTRAINT "platform_message_reads_message_id_platform_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."platform_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_message_reads" ADD CONSTRAINT "platform_message_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_message_recipients" ADD CONSTRAINT "platform_message_recipients_message_id_platform_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."platform_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_message_recipients" ADD CONSTRAINT "platform_message_recipients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_messages" ADD CONSTRAINT "platform_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_hot_matches" ADD CONSTRAINT "sports_hot_matches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_message_reads_member_idx" ON "platform_message_reads" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "platform_message_recipients_member_idx" ON "platform_message_recipients" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "platform_messages_merchant_idx" ON "platform_messages" USING btree ("merchant_id","send_at");--> statement-breakpoint
CREATE INDEX "sports_hot_matches_merchant_idx" ON "sports_hot_matches" USING btree ("merchant_id","match_time");--> statement-breakpoint
ALTER TABLE "vendor_transfers" ADD CONSTRAINT "vendor_transfers_state" CHECK ("vendor_transfers"."state" in ('pending', 'completed', 'failed', 'unresolved'));