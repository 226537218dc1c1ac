CREATE TABLE "results_workspace_daily" (
	"workspace_id" text NOT NULL,
	"day" text NOT NULL,
	"clicks" integer NOT NULL,
	"visitors" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "results_workspace_daily_workspace_id_day_pk" PRIMARY KEY("workspace_id","day")
);
--> statement-breakpoint
ALTER TABLE "results_workspace_daily" ADD CONSTRAINT "results_workspace_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;