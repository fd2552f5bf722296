-- When each consent was given (issue 14): every writer of the flags (the member's profile, the
-- dealer's agreements link, the dealer's registration, seeds, SQL by hand) goes through this
-- trigger, so no code path has to remember to stamp the time. A flag given keeps its first time;
-- a flag withdrawn loses it. Rows from before this migration have no time: it is not known, and
-- the screens then say "given" without a date rather than invent one.
CREATE FUNCTION club_consents_given_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text;
  given jsonb := COALESCE(NEW.consents_given_at, '{}'::jsonb);
  row_new jsonb := to_jsonb(NEW);
BEGIN
  FOREACH flag IN ARRAY ARRAY['term_1', 'term_2', 'term_2a', 'term_3', 'term_4_car', 'term_4_email',
    'term_4_group', 'term_4_phone', 'term_4_post'] LOOP
    IF (row_new ->> flag)::boolean THEN
      IF NOT given ? flag THEN
        given := given || jsonb_build_object(flag,
          to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      END IF;
    ELSE
      given := given - flag;
    END IF;
  END LOOP;
  NEW.consents_given_at := given;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_customers_consents_given_at BEFORE INSERT OR UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION club_consents_given_at();
