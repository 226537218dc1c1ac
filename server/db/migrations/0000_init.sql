CREATE TABLE "activity" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"timestamp" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"user_avatar" text NOT NULL,
	"action" text NOT NULL,
	"action_type" text NOT NULL,
	"details" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb,
	CONSTRAINT "activity_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "client_mutations" (
	"workspace_id" text NOT NULL,
	"client_id" text NOT NULL,
	"member_id" text NOT NULL,
	"last_mutation_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_mutations_workspace_id_client_id_pk" PRIMARY KEY("workspace_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "deleted_records" (
	"workspace_id" text NOT NULL,
	"collection" text NOT NULL,
	"record_id" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "deleted_records_workspace_id_collection_record_id_pk" PRIMARY KEY("workspace_id","collection","record_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"title" text NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"type" text NOT NULL,
	"creator_id" text NOT NULL,
	"creator_name" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "events_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "funnels" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"creator_name" text NOT NULL,
	"creator_handle" text NOT NULL,
	"creator_avatar" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"activity" text NOT NULL,
	"value" double precision NOT NULL,
	"progress_percentage" double precision NOT NULL,
	"assigned_to" text NOT NULL,
	"last_updated" text NOT NULL,
	"is_priority" boolean NOT NULL,
	"current_stage" text NOT NULL,
	"engagement_type" text NOT NULL,
	"platform" text NOT NULL,
	"conversion_rate" double precision NOT NULL,
	"engagement_rate" double precision NOT NULL,
	"roi" double precision NOT NULL,
	"start_date" text NOT NULL,
	"due_date" text NOT NULL,
	"days_remaining" double precision NOT NULL,
	"steps" jsonb NOT NULL,
	"bio" text,
	"interest_tags" text[],
	"email" text,
	"followers" double precision,
	"outreach" jsonb,
	CONSTRAINT "funnels_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"last_sync" text,
	"api_key" text,
	"webhook_url" text,
	CONSTRAINT "integrations_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"low_stock_threshold" integer NOT NULL,
	"reorder_point" integer NOT NULL,
	"last_restocked" text NOT NULL,
	"location" text NOT NULL,
	CONSTRAINT "inventory_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "inventory_quantity_nonnegative" CHECK ("inventory"."quantity" >= 0),
	CONSTRAINT "inventory_thresholds_nonnegative" CHECK ("inventory"."low_stock_threshold" >= 0 and "inventory"."reorder_point" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"member_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"edit_automations" boolean NOT NULL,
	"send_outreach" boolean NOT NULL,
	"manage_team" boolean NOT NULL,
	"view_analytics" boolean NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"date" text NOT NULL,
	"amount" double precision NOT NULL,
	"status" text NOT NULL,
	"download_url" text NOT NULL,
	CONSTRAINT "invoices_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"edit_automations" boolean DEFAULT false NOT NULL,
	"send_outreach" boolean DEFAULT false NOT NULL,
	"manage_team" boolean DEFAULT false NOT NULL,
	"view_analytics" boolean DEFAULT false NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_workspace_id_id_pk" PRIMARY KEY("workspace_id","id"),
	CONSTRAINT "members_role_check" CHECK ("members"."role" in ('Admin', 'Editor', 'Viewer')),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('Active', 'Pending')),
	CONSTRAINT "members_active_has_user" CHECK ("members"."status" <> 'Active' or "members"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"timestamp" text NOT NULL,
	"read" boolean NOT NULL,
	"snoozed_until" text,
	CONSTRAINT "notifications_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"source" text NOT NULL,
	"order_number" text NOT NULL,
	"status" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text,
	"shipping_address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" double precision NOT NULL,
	"tax" double precision NOT NULL,
	"shipping" double precision NOT NULL,
	"total" double precision NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"history" jsonb NOT NULL,
	"notes" text,
	"tags" text[] NOT NULL,
	"tracking_number" text,
	"carrier_name" text,
	"creator_id" text,
	"stock_deducted" boolean,
	CONSTRAINT "orders_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"member_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "setup_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"type" text NOT NULL,
	"timestamp" text NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "webhook_events_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "workspace_singletons" (
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "workspace_singletons_workspace_id_name_pk" PRIMARY KEY("workspace_id","name")
);
--> statement-breakpoint
CREATE TABLE "workspace_versions" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_mutations" ADD CONSTRAINT "client_mutations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_member_fk" FOREIGN KEY ("workspace_id","member_id") REFERENCES "public"."members"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_fk" FOREIGN KEY ("workspace_id","member_id") REFERENCES "public"."members"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setup_tokens" ADD CONSTRAINT "setup_tokens_member_fk" FOREIGN KEY ("workspace_id","member_id") REFERENCES "public"."members"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_singletons" ADD CONSTRAINT "workspace_singletons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_versions" ADD CONSTRAINT "workspace_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_version_idx" ON "activity" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "deleted_records_version_idx" ON "deleted_records" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "events_version_idx" ON "events" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "funnels_version_idx" ON "funnels" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "integrations_version_idx" ON "integrations" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "inventory_version_idx" ON "inventory" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_workspace_sku_lower_key" ON "inventory" USING btree ("workspace_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "invitations_member_idx" ON "invitations" USING btree ("workspace_id","member_id");--> statement-breakpoint
CREATE INDEX "invoices_version_idx" ON "invoices" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "members_workspace_email_lower_key" ON "members" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_workspace_user_key" ON "members" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "members_version_idx" ON "members" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "notifications_version_idx" ON "notifications" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "orders_version_idx" ON "orders" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("workspace_id","member_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "webhook_events_version_idx" ON "webhook_events" USING btree ("workspace_id","version");