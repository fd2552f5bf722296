-- "Selected for you" totals are kept in the catalogue cache by the member's interests: a change to
-- which interests an experience speaks to must drop them, as any other catalogue change does.
CREATE TRIGGER club_product_interests_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_interests
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_catalog();
