-- Issue 32: a transaction that sends NOTIFY holds PostgreSQL's notification lock from its commit's
-- start to its end, across the WAL flush, so notifying transactions commit one at a time, server-wide.
-- Placing an order (modules/orders/place-order.ts) sets club.member_notice = 'after_commit' for its
-- transaction and announces the members' change itself once committed (lib/member-notice.ts: one
-- NOTIFY at a time per process, several orders' commits covered by one). Every other writer, the app
-- or SQL by hand, still notifies on commit as before (docs/performance.md, "The order path").
CREATE OR REPLACE FUNCTION club_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('club.member_notice', true) = 'after_commit' THEN RETURN NULL; END IF;
  PERFORM pg_notify('club_member_changed', '');
  RETURN NULL;
END $$;
