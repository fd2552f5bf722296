-- Sessions, users and the members' part of catalogue reads are now cached on PostgreSQL too
-- (db/listener.ts, docs/performance.md "caches"), so their triggers notify whatever connection
-- writes, not only a PGlite session that LISTENs itself. Identical notices are sent once per
-- transaction, on commit.
CREATE OR REPLACE FUNCTION club_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the user's id ('id' on users, 'user_id' on sessions).
  PERFORM pg_notify('club_sessions_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_notify_sessions_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_sessions_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION club_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_member_changed', '');
  RETURN NULL;
END $$;
