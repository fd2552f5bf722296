-- Issue 29: every answer of the gate carries its list's counts (expected, in, not yet in). Read from
-- these two partial indexes, the experience's valid tickets and the list's check-ins that are in now
-- are read without the rest of either table (docs/event-day.md, "The gate under load").
CREATE INDEX "tickets_product_valid_idx" ON "tickets" USING btree ("product_id","id") WHERE status = 'VALID';--> statement-breakpoint
CREATE INDEX "check_ins_list_in_idx" ON "check_ins" USING btree ("list_id","ticket_id") WHERE checked_out_at is null;
