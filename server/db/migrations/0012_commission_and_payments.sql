CREATE TABLE "payments" (
	"workspace_id" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"position" bigint NOT NULL,
	"funnel_id" text NOT NULL,
	"paid_on" text NOT NULL,
	"amount" double precision NOT NULL,
	"reference" text NOT NULL,
	"recorded_at" text NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "payments_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "commission_percent" double precision;--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "flat_fee" double precision;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_version_idx" ON "payments" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE INDEX "payments_funnel_idx" ON "payments" USING btree ("workspace_id","funnel_id");--> statement-breakpoint
CREATE INDEX "orders_attributed_funnel_idx" ON "orders" USING btree ("workspace_id",("attribution" ->> 'funnelId'));