-- Issue 29: a gate offline also queues its overrides (with the staff member's reason) and its
-- check-outs; the sync applies them like admissions (docs/event-day.md, "Offline"). A check-out that
-- held is no admission to review, so the open conflicts' index leaves it out with the IN ones.
ALTER TABLE "offline_scans" ADD COLUMN "kind" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_scans" ADD COLUMN "reason" text;--> statement-breakpoint
DROP INDEX IF EXISTS "offline_scans_list_open_idx";--> statement-breakpoint
CREATE INDEX "offline_scans_list_open_idx" ON "offline_scans" USING btree ("list_id") WHERE outcome NOT IN ('IN', 'OUT') and reviewed_at is null;
