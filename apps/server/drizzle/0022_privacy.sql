CREATE TABLE "consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"consent" text NOT NULL,
	"given" boolean NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"source" text NOT NULL,
	"wording_version" text,
	"backfill" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_signups" ADD COLUMN "pesel_key_id" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","id");--> statement-breakpoint
-- The consent history (issue 31, docs/privacy.md). Every writer of the consent flags (the member's
-- profile, the agreements link, a dealer, staff, seeds, SQL by hand) goes through this trigger, in
-- its own transaction, so no path can change a consent without its row. Who and where come from
-- the transaction's settings (lib/consent-history.ts `setConsentContext`); a writer that sets none
-- is recorded as the system writing to the database, with no wording version.
CREATE FUNCTION club_consent_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text;
  was boolean;
  now_given boolean;
  row_old jsonb := CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) ELSE '{}'::jsonb END;
  row_new jsonb := to_jsonb(NEW);
  actor text := NULLIF(current_setting('club.consent_actor', true), '');
  actor_id integer := NULLIF(current_setting('club.consent_actor_user_id', true), '')::integer;
  source text := NULLIF(current_setting('club.consent_source', true), '');
  versions jsonb := COALESCE(NULLIF(current_setting('club.consent_versions', true), ''), '{}')::jsonb;
BEGIN
  FOREACH flag IN ARRAY ARRAY['term_1', 'term_2', 'term_2a', 'term_3', 'term_4_car', 'term_4_email',
    'term_4_group', 'term_4_phone', 'term_4_post'] LOOP
    was := COALESCE((row_old ->> flag)::boolean, false);
    now_given := COALESCE((row_new ->> flag)::boolean, false);
    IF was IS DISTINCT FROM now_given THEN
      INSERT INTO consent_events (user_id, consent, given, actor, actor_user_id, source, wording_version)
      VALUES (NEW.user_id, flag, now_given, COALESCE(actor, 'system'), actor_id,
        COALESCE(source, 'database'), versions ->> flag);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_customers_consent_events AFTER INSERT OR UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION club_consent_events();
--> statement-breakpoint
-- Append-only: no UPDATE ever, no DELETE but the cascade of the member's own removal (the users row
-- is already gone then; what erasure keeps of the history is issue 31's erasure part).
CREATE FUNCTION club_consent_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consent_events is append-only: % refused', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER club_consent_events_append_only BEFORE UPDATE OR DELETE ON consent_events
  FOR EACH ROW EXECUTE FUNCTION club_consent_events_append_only();
--> statement-breakpoint
CREATE FUNCTION club_consent_events_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events is append-only: TRUNCATE refused';
END $$;
--> statement-breakpoint
CREATE TRIGGER club_consent_events_no_truncate BEFORE TRUNCATE ON consent_events
  FOR EACH STATEMENT EXECUTE FUNCTION club_consent_events_no_truncate();
--> statement-breakpoint
-- The backfill: every consent given before the history began gets one row, marked as such, at the
-- time it was given when known (consents_given_at, migration 0004), else now. The wording shown then
-- is not known: no version.
INSERT INTO consent_events (user_id, consent, given, actor, source, wording_version, backfill, created_at)
SELECT c.user_id, f.flag, true, 'system', 'backfill', NULL, true,
  COALESCE((c.consents_given_at ->> f.flag)::timestamptz, now())
FROM customers c
CROSS JOIN unnest(ARRAY['term_1', 'term_2', 'term_2a', 'term_3', 'term_4_car', 'term_4_email',
  'term_4_group', 'term_4_phone', 'term_4_post']) AS f(flag)
WHERE (to_jsonb(c) ->> f.flag)::boolean
ORDER BY c.user_id, f.flag;
--> statement-breakpoint
-- The PESEL is sealed (lib/pii-crypto.ts) from now on: a new or changed value must carry its key id
-- and may not be 11 plain digits. NOT VALID: rows from before are sealed at the server's start
-- (sealPlaintextPesels), which needs the key this SQL does not have.
ALTER TABLE "bonus_signups" ADD CONSTRAINT "bonus_signups_pesel_sealed"
  CHECK (pesel IS NULL OR (pesel_key_id IS NOT NULL AND pesel !~ '^[0-9]{11}$')) NOT VALID;
