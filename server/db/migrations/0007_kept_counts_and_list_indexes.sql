CREATE TABLE "record_counts" (
	"workspace_id" text NOT NULL,
	"collection" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "record_counts_workspace_id_collection_status_pk" PRIMARY KEY("workspace_id","collection","status")
);
--> statement-breakpoint
ALTER TABLE "record_counts" ADD CONSTRAINT "record_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnels_status_position_idx" ON "funnels" USING btree ("workspace_id","status","position");--> statement-breakpoint
CREATE INDEX "orders_position_idx" ON "orders" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE INDEX "orders_status_position_idx" ON "orders" USING btree ("workspace_id","status","position");--> statement-breakpoint
-- The counts are kept by one statement trigger per table and event: a 10,000-row import
-- changes each count once, by the rows its statement wrote (grouped from the transition
-- tables), not once per row. An update that leaves every status as it was writes nothing.
CREATE FUNCTION "record_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "record_counts" AS c ("workspace_id", "collection", "status", "count")
      SELECT "workspace_id", TG_TABLE_NAME, "status", count(*) FROM "new_rows" GROUP BY 1, 3
      ON CONFLICT ("workspace_id", "collection", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "record_counts" AS c SET "count" = c."count" - gone.n
      FROM (SELECT "workspace_id", "status", count(*) AS n FROM "old_rows" GROUP BY 1, 2) AS gone
      WHERE c."workspace_id" = gone."workspace_id" AND c."collection" = TG_TABLE_NAME AND c."status" = gone."status";
  ELSE
    INSERT INTO "record_counts" AS c ("workspace_id", "collection", "status", "count")
      SELECT "workspace_id", TG_TABLE_NAME, "status", sum(n) FROM (
        SELECT "workspace_id", "status", 1 AS n FROM "new_rows"
        UNION ALL SELECT "workspace_id", "status", -1 AS n FROM "old_rows"
      ) AS moved GROUP BY 1, 3 HAVING sum(n) <> 0
      ON CONFLICT ("workspace_id", "collection", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inventory has no status: its one count is under ''.
CREATE FUNCTION "record_counts_follow_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "record_counts" AS c ("workspace_id", "collection", "status", "count")
      SELECT "workspace_id", TG_TABLE_NAME, '', count(*) FROM "new_rows" GROUP BY 1
      ON CONFLICT ("workspace_id", "collection", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "record_counts" AS c SET "count" = c."count" - gone.n
      FROM (SELECT "workspace_id", count(*) AS n FROM "old_rows" GROUP BY 1) AS gone
      WHERE c."workspace_id" = gone."workspace_id" AND c."collection" = TG_TABLE_NAME AND c."status" = '';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "funnels_counted_insert" AFTER INSERT ON "funnels" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "funnels_counted_update" AFTER UPDATE ON "funnels" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "funnels_counted_delete" AFTER DELETE ON "funnels" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "inventory_counted_insert" AFTER INSERT ON "inventory" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow_all"();--> statement-breakpoint
CREATE TRIGGER "inventory_counted_delete" AFTER DELETE ON "inventory" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "record_counts_follow_all"();--> statement-breakpoint
-- The counts of what is already stored.
INSERT INTO "record_counts" ("workspace_id", "collection", "status", "count")
  SELECT "workspace_id", 'funnels', "status", count(*) FROM "funnels" GROUP BY 1, 3
  UNION ALL SELECT "workspace_id", 'orders', "status", count(*) FROM "orders" GROUP BY 1, 3
  UNION ALL SELECT "workspace_id", 'inventory', '', count(*) FROM "inventory" GROUP BY 1;
