CREATE TABLE "member_product_seats" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_product_seats_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "member_product_seats" ADD CONSTRAINT "member_product_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_product_seats" ADD CONSTRAINT "member_product_seats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counter follows every order whose status holds seats (WAITING_PAYMENT, PAID), in the writing
-- transaction: an item of such an order adds its quantity; an order leaving those statuses (expiry,
-- cancellation), changing member or being deleted takes its items' quantities back.
CREATE OR REPLACE FUNCTION club_seats_add(p_user integer, p_order integer, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO member_product_seats AS m (user_id, product_id, quantity)
      SELECT p_user, oi.product_id, sum(oi.quantity)::int FROM order_items oi
      WHERE oi.order_id = p_order AND oi.product_id IS NOT NULL GROUP BY oi.product_id
      ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = m.quantity + EXCLUDED.quantity;
  ELSE
    UPDATE member_product_seats m SET quantity = m.quantity - i.q
      FROM (SELECT oi.product_id, sum(oi.quantity)::int AS q FROM order_items oi
            WHERE oi.order_id = p_order AND oi.product_id IS NOT NULL GROUP BY oi.product_id) i
      WHERE m.user_id = p_user AND m.product_id = i.product_id;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_order_items_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o_user integer; o_status text;
BEGIN
  IF NEW.product_id IS NULL THEN RETURN NULL; END IF;
  SELECT o.user_id, o.status INTO o_user, o_status FROM orders o WHERE o.id = NEW.order_id;
  IF o_user IS NOT NULL AND o_status IN ('WAITING_PAYMENT', 'PAID') THEN
    INSERT INTO member_product_seats AS m (user_id, product_id, quantity)
      VALUES (o_user, NEW.product_id, NEW.quantity)
      ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = m.quantity + EXCLUDED.quantity;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_order_items_seats AFTER INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION club_order_items_seats();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_orders_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE was boolean := false; now_holds boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.user_id IS NOT NULL AND OLD.status IN ('WAITING_PAYMENT', 'PAID') THEN
      PERFORM club_seats_add(OLD.user_id, OLD.id, -1);
    END IF;
    RETURN OLD;
  END IF;
  was := OLD.user_id IS NOT NULL AND OLD.status IN ('WAITING_PAYMENT', 'PAID');
  now_holds := NEW.user_id IS NOT NULL AND NEW.status IN ('WAITING_PAYMENT', 'PAID');
  IF was AND (NOT now_holds OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM club_seats_add(OLD.user_id, OLD.id, -1);
  END IF;
  IF now_holds AND (NOT was OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM club_seats_add(NEW.user_id, NEW.id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_orders_seats AFTER UPDATE OF status, user_id ON orders
  FOR EACH ROW EXECUTE FUNCTION club_orders_seats();
--> statement-breakpoint
-- Before the delete: the items are still there (the cascade removes them after the row).
CREATE TRIGGER club_orders_seats_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION club_orders_seats();
--> statement-breakpoint
INSERT INTO member_product_seats (user_id, product_id, quantity)
  SELECT o.user_id, oi.product_id, sum(oi.quantity)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE o.user_id IS NOT NULL AND oi.product_id IS NOT NULL AND o.status IN ('WAITING_PAYMENT', 'PAID')
  GROUP BY o.user_id, oi.product_id;
