ALTER TABLE "outbox" ADD COLUMN "secrets" text;--> statement-breakpoint
-- Mails stored before the links were sealed: their single-use links leave the readable body (issue 28).
UPDATE "outbox" SET
  "text" = regexp_replace("text", 'https?://[^\s"<>]*\?token=[A-Za-z0-9_%-]+', '{{secret:link}}', 'g'),
  "html" = regexp_replace("html", 'https?://[^\s"<>]*\?token=[A-Za-z0-9_%-]+', '{{secret:link}}', 'g')
WHERE "template" IN ('reset-password', 'dealer-invitation', 'activation-link', 'staff-invitation');
