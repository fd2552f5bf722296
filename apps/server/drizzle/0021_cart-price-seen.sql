ALTER TABLE "cart_items" ADD COLUMN "price_seen_grosze" integer;--> statement-breakpoint
-- Lines already in carts: the price on sale now is the one their members saw.
UPDATE "cart_items" SET "price_seen_grosze" = p."price_grosze" FROM "products" p WHERE p."id" = "cart_items"."product_id";
