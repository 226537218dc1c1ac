CREATE INDEX "orders_number_idx" ON "orders" USING btree ("workspace_id",length(ltrim(substring("order_number" from 5), '0')),(ltrim(substring("order_number" from 5), '0') collate "C")) WHERE "orders"."order_number" ~ '^ORD-[0-9]+$';--> statement-breakpoint
CREATE INDEX "orders_kind_position_idx" ON "orders" USING btree ("workspace_id","kind","position");--> statement-breakpoint
CREATE INDEX "orders_kind_status_position_idx" ON "orders" USING btree ("workspace_id","kind","status","position");--> statement-breakpoint
CREATE INDEX "orders_number_search_idx" ON "orders" USING btree ("workspace_id",(lower("order_number") collate "C"));--> statement-breakpoint
CREATE INDEX "orders_customer_name_search_idx" ON "orders" USING btree ("workspace_id",(lower("customer_name") collate "C"));--> statement-breakpoint
CREATE INDEX "orders_customer_email_search_idx" ON "orders" USING btree ("workspace_id",(lower("customer_email") collate "C"));