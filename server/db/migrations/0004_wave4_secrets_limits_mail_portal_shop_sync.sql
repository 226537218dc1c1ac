CREATE TABLE "known_sign_in_addresses" (
	"user_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_sign_in_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"params" jsonb NOT NULL,
	"reply_to" text,
	"from_name" text,
	"subject" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"funnel_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "removed_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_webhook_receipts" (
	"workspace_id" text NOT NULL,
	"shop" text NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_webhook_receipts_workspace_id_shop_delivery_id_pk" PRIMARY KEY("workspace_id","shop","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_secrets" (
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"hint" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "workspace_secrets_workspace_id_name_pk" PRIMARY KEY("workspace_id","name")
);
--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "portal" jsonb;--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "gift_allowance" jsonb;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials" jsonb;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "known_sign_in_addresses" ADD CONSTRAINT "known_sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_funnel_fk" FOREIGN KEY ("workspace_id","funnel_id") REFERENCES "public"."funnels"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_webhook_receipts" ADD CONSTRAINT "shop_webhook_receipts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_secrets" ADD CONSTRAINT "workspace_secrets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_workspace_idx" ON "mail_outbox" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portal_links_funnel_idx" ON "portal_links" USING btree ("workspace_id","funnel_id");--> statement-breakpoint
CREATE INDEX "removed_sessions_removed_at_idx" ON "removed_sessions" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "activity_position_idx" ON "activity" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE INDEX "funnels_handle_lower_idx" ON "funnels" USING btree ("workspace_id",lower("creator_handle"));--> statement-breakpoint
CREATE INDEX "funnels_position_idx" ON "funnels" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE INDEX "inventory_position_idx" ON "inventory" USING btree ("workspace_id","position");