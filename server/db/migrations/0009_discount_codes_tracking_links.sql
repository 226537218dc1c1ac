CREATE TABLE "link_clicks" (
	"workspace_id" text NOT NULL,
	"funnel_id" text NOT NULL,
	"day" text NOT NULL,
	"clicks" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "link_clicks_workspace_id_funnel_id_day_pk" PRIMARY KEY("workspace_id","funnel_id","day")
);
--> statement-breakpoint
CREATE TABLE "link_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_visitors" (
	"workspace_id" text NOT NULL,
	"funnel_id" text NOT NULL,
	"day" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "link_visitors_workspace_id_funnel_id_day_visitor_hash_pk" PRIMARY KEY("workspace_id","funnel_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnels_discount_code_lower_idx" ON "funnels" USING btree (lower("discount_code"));--> statement-breakpoint
-- Each funnel gets its handle's code (lib/domain/attribution.ts codeFromHandle); a second
-- engagement of the same creator, in display order, gets 2, 3, ... after it.
WITH bases AS (
	SELECT "workspace_id", "id", "position",
		CASE WHEN length(b) >= 3 THEN b ELSE left(b || 'CODE', 28) END AS base
	FROM (SELECT "workspace_id", "id", "position", upper(left(regexp_replace(regexp_replace("creator_handle", '^@+', ''), '[^A-Za-z0-9_-]', '', 'g'), 28)) AS b FROM "funnels") raw
), numbered AS (
	SELECT "workspace_id", "id", base, row_number() OVER (PARTITION BY "workspace_id", lower(base) ORDER BY "position", "id") AS n FROM bases
)
UPDATE "funnels" f SET "discount_code" = CASE WHEN numbered.n = 1 THEN numbered.base ELSE numbered.base || numbered.n END
FROM numbered WHERE f."workspace_id" = numbered."workspace_id" AND f."id" = numbered."id" AND f."discount_code" IS NULL;
