-- Every process keeps caches invalidated by these notifications (docs/performance.md): any writer,
-- the app or SQL by hand, announces a change on commit, so no code path has to remember to.
-- The shared catalogue (modules/catalog/cache.ts): any change but the seats, which are read live.
CREATE FUNCTION club_notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_catalog_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_products_catalog_rows AFTER INSERT OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
-- An order changes seats_taken only: not a catalogue change (notifications are deduplicated per transaction).
CREATE TRIGGER club_products_catalog_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'seats_taken') IS DISTINCT FROM (to_jsonb(NEW) - 'seats_taken'))
  EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_categories_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_galleries_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON galleries
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_gallery_images_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_images
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_product_images_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_product_files_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_files
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_product_partners_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_partners
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
CREATE TRIGGER club_partners_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
--> statement-breakpoint
-- Sessions and their users (plugins/session.ts caches them on PGlite): the user's id as the payload, so
-- only that member's cached sessions are dropped. A new session needs no notice (misses are not cached).
-- Only when this very session LISTENs (PGlite: one process, one session); on PostgreSQL the writing
-- pooled connection never does, so these cost nothing there.
CREATE FUNCTION club_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT 'club_sessions_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN RETURN NULL; END IF;
  -- TG_ARGV[0]: the column holding the user's id ('id' on users, 'user_id' on sessions).
  PERFORM pg_notify('club_sessions_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION club_notify_session('user_id');
--> statement-breakpoint
CREATE TRIGGER club_users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION club_notify_session('id');
--> statement-breakpoint
-- Truncating either (tests, scripts) drops every cached session.
CREATE FUNCTION club_notify_sessions_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT 'club_sessions_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN RETURN NULL; END IF;
  PERFORM pg_notify('club_sessions_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT
  EXECUTE FUNCTION club_notify_sessions_all();
--> statement-breakpoint
CREATE TRIGGER club_users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT
  EXECUTE FUNCTION club_notify_sessions_all();
--> statement-breakpoint
-- The member's part of catalogue reads (modules/catalog/cache.ts MemberPartCache, PGlite only): the
-- seats, carts, orders and waiting-list wishes. Same condition as above: a no-op on PostgreSQL.
CREATE FUNCTION club_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'club_member_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
    PERFORM pg_notify('club_member_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_products_seats AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.seats_taken IS DISTINCT FROM NEW.seats_taken) EXECUTE FUNCTION club_notify_member();
--> statement-breakpoint
CREATE TRIGGER club_cart_items_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
--> statement-breakpoint
CREATE TRIGGER club_orders_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
--> statement-breakpoint
CREATE TRIGGER club_order_items_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
--> statement-breakpoint
CREATE TRIGGER club_product_notifications_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
