CREATE TABLE "sales_daily" (
	"workspace_id" text NOT NULL,
	"funnel_id" text NOT NULL,
	"day" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "sales_daily_workspace_id_funnel_id_day_pk" PRIMARY KEY("workspace_id","funnel_id","day")
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_daily_day_idx" ON "sales_daily" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "link_clicks_day_idx" ON "link_clicks" USING btree ("workspace_id","day");