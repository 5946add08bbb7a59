CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"method" varchar(16) NOT NULL,
	"names" jsonb NOT NULL,
	"payee_name" varchar(100),
	"payee_account" varchar(64),
	"payee_bank" varchar(100),
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"gateway_code" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_channels_limits" CHECK ("deposit_channels"."min_amount" > 0 and "deposit_channels"."max_amount" >= "deposit_channels"."min_amount"),
	CONSTRAINT "deposit_channels_kind" CHECK ("deposit_channels"."kind" in ('manual', 'online'))
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"member_reference" varchar(64),
	"receipt_image" "bytea",
	"receipt_content_type" varchar(32),
	"client_request_id" varchar(64) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"gateway_code" varchar(32),
	"gateway_payment_id" varchar(64),
	"redirect_url" text,
	"ledger_entry_id" bigint,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_code" varchar(32) NOT NULL,
	"merchant_id" integer,
	"deposit_id" bigint,
	"payment_id" varchar(64),
	"nonce" varchar(64),
	"signature_valid" boolean NOT NULL,
	"verdict" varchar(32) NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"merchant_code" varchar(32) NOT NULL,
	"order_id" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"callback_path" text,
	"return_url" text,
	"last_callback" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_callbacks" ADD CONSTRAINT "gateway_callbacks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_callbacks" ADD CONSTRAINT "gateway_callbacks_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_channels_code" ON "deposit_channels" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_client_request" ON "deposits" USING btree ("member_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_gateway_payment" ON "deposits" USING btree ("gateway_code","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "deposits_member_idx" ON "deposits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_queue_idx" ON "deposits" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_payment_idx" ON "gateway_callbacks" USING btree ("gateway_code","payment_id");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_nonce_idx" ON "gateway_callbacks" USING btree ("gateway_code","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_order" ON "sandbox_payments" USING btree ("kind","merchant_code","order_id");