ALTER TABLE "inventory" ADD COLUMN "unit_cost" double precision;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "retail_price" double precision;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cost" double precision;--> statement-breakpoint
-- An order tied to a funnel is a gift: no tax or shipping charged, its total its items' value, the
-- shipping it was charged its shipping cost to the brand (the browser's liftOrderKind says the same).
UPDATE "orders" SET "kind" = 'gift', "shipping_cost" = "shipping", "tax" = 0, "shipping" = 0, "total" = "subtotal" WHERE "creator_id" IS NOT NULL AND "creator_id" <> '';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "kind" DROP DEFAULT;
