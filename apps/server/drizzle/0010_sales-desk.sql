CREATE TABLE "product_sales" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"seats_paid" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_transfer_ref" text;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_discount_created_idx" ON "orders" USING btree ("discount_code_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_grosze","id");--> statement-breakpoint
CREATE INDEX "orders_provider_order_idx" ON "orders" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "orders_bank_transfer_ref_idx" ON "orders" USING btree (lower("bank_transfer_ref"));--> statement-breakpoint
-- Seats of each experience in paid orders, kept in the writing transaction (like the member's seats of
-- 0009): an item of a paid order adds its quantity; an order becoming paid adds its items, an order
-- leaving PAID (a cancellation at the desk) or deleted while paid takes them back. Rows are taken in
-- product order, so two orders of the same experiences never wait on each other crosswise.
CREATE OR REPLACE FUNCTION club_product_sales_add(p_order integer, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales AS s (product_id, seats_paid)
    SELECT oi.product_id, p_sign * sum(oi.quantity)::int FROM order_items oi
    WHERE oi.order_id = p_order AND oi.product_id IS NOT NULL GROUP BY oi.product_id ORDER BY oi.product_id
    ON CONFLICT (product_id) DO UPDATE SET seats_paid = s.seats_paid + EXCLUDED.seats_paid;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_order_items_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_id IS NULL THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND o.status = 'PAID') THEN
    INSERT INTO product_sales AS s (product_id, seats_paid) VALUES (NEW.product_id, NEW.quantity)
      ON CONFLICT (product_id) DO UPDATE SET seats_paid = s.seats_paid + EXCLUDED.seats_paid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_order_items_sales AFTER INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION club_order_items_sales();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_orders_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'PAID' THEN PERFORM club_product_sales_add(OLD.id, -1); END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'PAID' AND NEW.status <> 'PAID' THEN PERFORM club_product_sales_add(NEW.id, -1); END IF;
  IF NEW.status = 'PAID' AND OLD.status <> 'PAID' THEN PERFORM club_product_sales_add(NEW.id, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_orders_sales AFTER UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION club_orders_sales();
--> statement-breakpoint
CREATE TRIGGER club_orders_sales_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION club_orders_sales();
--> statement-breakpoint
INSERT INTO product_sales (product_id, seats_paid)
  SELECT oi.product_id, sum(oi.quantity)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE oi.product_id IS NOT NULL AND o.status = 'PAID' GROUP BY oi.product_id;
