DROP INDEX "order_items_product_idx";--> statement-breakpoint
CREATE INDEX "order_items_product_order_idx" ON "order_items" USING btree ("product_id","order_id");