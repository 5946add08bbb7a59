CREATE TABLE "member_tree" (
	"merchant_id" integer NOT NULL,
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "upline_id" integer;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_descendant" ON "member_tree" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE INDEX "members_upline" ON "members" USING btree ("upline_id");--> statement-breakpoint
INSERT INTO "member_tree" ("merchant_id", "ancestor_id", "descendant_id", "depth") SELECT "merchant_id", "id", "id", 0 FROM "members";