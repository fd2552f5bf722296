-- The desk's member search by part of a name (docs/console-sales.md): trigrams of name, surname and
-- e-mail. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension; PGlite loads it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("name" || ' ' || "surname" || ' ' || "email") gin_trgm_ops);
