CREATE TABLE "dealer_customer_counts" (
	"dealer_id" integer NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dealer_customer_counts_dealer_id_status_pk" PRIMARY KEY("dealer_id","status")
);
--> statement-breakpoint
DROP INDEX "customers_dealer_idx";--> statement-breakpoint
DROP INDEX "galleries_date_idx";--> statement-breakpoint
ALTER TABLE "dealer_customer_counts" ADD CONSTRAINT "dealer_customer_counts_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_dealer_status_idx" ON "customers" USING btree ("dealer_id","status","created_at","user_id");--> statement-breakpoint
CREATE INDEX "customers_dealer_idx" ON "customers" USING btree ("dealer_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "galleries_date_idx" ON "galleries" USING btree ("date","id");--> statement-breakpoint
-- The dealer's customers by status, kept in the writing transaction whatever code path writes: a
-- customer added, removed, moved to another dealer or to another status moves one count.
CREATE OR REPLACE FUNCTION club_dealer_customer_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dealer_customer_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.dealer_id IS NOT NULL THEN
    UPDATE dealer_customer_counts SET total = total - 1
      WHERE dealer_id = OLD.dealer_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.dealer_id IS NOT NULL THEN
    INSERT INTO dealer_customer_counts AS d (dealer_id, status, total) VALUES (NEW.dealer_id, NEW.status, 1)
      ON CONFLICT (dealer_id, status) DO UPDATE SET total = d.total + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_dealer_customer_counts AFTER INSERT OR DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION club_dealer_customer_counts();
--> statement-breakpoint
CREATE TRIGGER club_dealer_customer_counts_moved AFTER UPDATE OF dealer_id, status ON customers
  FOR EACH ROW WHEN (OLD.dealer_id IS DISTINCT FROM NEW.dealer_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION club_dealer_customer_counts();
--> statement-breakpoint
CREATE TRIGGER club_dealer_customer_counts_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION club_dealer_customer_counts();
--> statement-breakpoint
INSERT INTO dealer_customer_counts (dealer_id, status, total)
  SELECT dealer_id, status, count(*)::int FROM customers WHERE dealer_id IS NOT NULL GROUP BY dealer_id, status;
