ALTER TABLE "product_images" ADD COLUMN "caption_pl" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "caption_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The console writes every table a member's page reads (docs/console.md): the terms of the cart and the
-- interests behind 'Selected for you' announce their changes too, like the tables of 0001.
CREATE TRIGGER club_product_terms_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_terms
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_product_interests_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_interests
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
