CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" varchar(2) NOT NULL,
	"platform" varchar(1) DEFAULT 'W' NOT NULL,
	"execution" varchar(1) DEFAULT 'B' NOT NULL,
	"language" varchar(2) NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"group_name" varchar(32) NOT NULL,
	"language" varchar(2) NOT NULL,
	"image_url" text NOT NULL,
	"linkage_type" varchar(16) NOT NULL,
	"linkage" text DEFAULT '' NOT NULL,
	"sequence" smallint NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"sequence" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"name" jsonb NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"game_classify" varchar(32) DEFAULT '' NOT NULL,
	"is_game" varchar(16) DEFAULT 'GAME' NOT NULL,
	"is_hot" smallint DEFAULT 0 NOT NULL,
	"is_new" smallint DEFAULT 0 NOT NULL,
	"lager_icon" text DEFAULT '' NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"key" varchar(32) NOT NULL,
	"language" varchar(2) NOT NULL,
	"device" varchar(8) DEFAULT 'WEB' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sequence" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"host" varchar(253) NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"route" varchar(64) DEFAULT '/' NOT NULL,
	"affiliate_code" varchar(32),
	CONSTRAINT "merchant_domains_host_unique" UNIQUE("host")
);
--> statement-breakpoint
CREATE TABLE "merchant_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"default_language" varchar(2) DEFAULT 'EN' NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_title" jsonb NOT NULL,
	"maintenance_info" jsonb NOT NULL,
	"customer_service_url" text DEFAULT '' NOT NULL,
	"gtag_id" varchar(32),
	"image_cdns" text[] DEFAULT '{}' NOT NULL,
	"launch_game_cdns" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"currency" varchar(3) DEFAULT 'PHP' NOT NULL,
	"currency_symbol" varchar(8) DEFAULT '₱' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "region_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"ip_range" "cidr",
	"country_code" varchar(2),
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_field_rules" (
	"merchant_id" integer NOT NULL,
	"field" varchar(32) NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	"accepted_pattern" text DEFAULT '*' NOT NULL,
	"pattern_id" varchar(32) DEFAULT 'ANY' NOT NULL,
	"min_length" smallint DEFAULT 0 NOT NULL,
	"max_length" smallint DEFAULT 64 NOT NULL,
	"sequence" smallint NOT NULL,
	CONSTRAINT "register_field_rules_merchant_id_field_pk" PRIMARY KEY("merchant_id","field")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"merchant_id" integer NOT NULL,
	"key" varchar(32) NOT NULL,
	"label_name_en" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "resources_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"display_name" text NOT NULL,
	"wallet_mode" varchar(16) DEFAULT 'seamless' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sequence" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whitelabel_switches" (
	"merchant_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "whitelabel_switches_merchant_id_code_pk" PRIMARY KEY("merchant_id","code")
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_sections" ADD CONSTRAINT "help_sections_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_domains" ADD CONSTRAINT "merchant_domains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_settings" ADD CONSTRAINT "merchant_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_rules" ADD CONSTRAINT "region_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_field_rules" ADD CONSTRAINT "register_field_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_category_id_game_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelabel_switches" ADD CONSTRAINT "whitelabel_switches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_merchant_idx" ON "announcements" USING btree ("merchant_id","type","language");--> statement-breakpoint
CREATE INDEX "banners_group_idx" ON "banners" USING btree ("merchant_id","group_name","language");--> statement-breakpoint
CREATE UNIQUE INDEX "game_categories_unique" ON "game_categories" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_unique" ON "games" USING btree ("merchant_id","vendor_id","game_code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("merchant_id","game_type");--> statement-breakpoint
CREATE UNIQUE INDEX "help_sections_unique" ON "help_sections" USING btree ("merchant_id","key","language","device");--> statement-breakpoint
CREATE INDEX "region_rules_merchant_idx" ON "region_rules" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_unique" ON "vendors" USING btree ("merchant_id","category_id","code");