CREATE TABLE "seat_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'OFFERED' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"taken_order_id" integer
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seats_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_offers_open_idx" ON "seat_offers" USING btree ("product_id","user_id") WHERE "seat_offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "seat_offers_expiry_idx" ON "seat_offers" USING btree ("expires_at") WHERE "seat_offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "seat_offers_user_idx" ON "seat_offers" USING btree ("user_id");--> statement-breakpoint
-- Held seats change with the seats (docs/waiting-list.md): not a catalogue change, a member change.
ALTER TABLE "products" ADD CONSTRAINT "products_seats_held_check" CHECK ("seats_held" >= 0);--> statement-breakpoint
DROP TRIGGER club_products_catalog_update ON products;--> statement-breakpoint
CREATE TRIGGER club_products_catalog_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken' - 'seats_held') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken' - 'seats_held'))
  EXECUTE FUNCTION club_notify_catalog();--> statement-breakpoint
DROP TRIGGER club_products_seats ON products;--> statement-breakpoint
CREATE TRIGGER club_products_seats AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.seats_taken IS DISTINCT FROM NEW.seats_taken OR OLD.seats_held IS DISTINCT FROM NEW.seats_held)
  EXECUTE FUNCTION club_notify_member();--> statement-breakpoint
CREATE TRIGGER club_seat_offers_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seat_offers
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
--> statement-breakpoint
-- An open offer removed with its member (account removal cascades) gives its held seat back.
CREATE FUNCTION club_seat_offer_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'OFFERED' THEN
    UPDATE products SET seats_held = greatest(seats_held - 1, 0) WHERE id = OLD.product_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER club_seat_offers_deleted AFTER DELETE ON seat_offers FOR EACH ROW
  EXECUTE FUNCTION club_seat_offer_gone();
