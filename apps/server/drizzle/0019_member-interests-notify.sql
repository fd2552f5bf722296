-- "Selected for you" keeps each member's set of interests in memory (catalog/repository.ts
-- memberInterestKey): a change of anyone's interests, by any process, drops it through the member
-- channel, as cart, order and seat changes already do (0001, 0002).
CREATE TRIGGER club_customer_interests_member AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_interests
  FOR EACH STATEMENT EXECUTE FUNCTION club_notify_member();
