CREATE TABLE "offline_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"device" text,
	"scan_id" text,
	"ticket_id" integer,
	"scanned_at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"gate" text,
	"outcome" text NOT NULL,
	"winner" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "offline_scans" ADD CONSTRAINT "offline_scans_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_scans" ADD CONSTRAINT "offline_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_scans" ADD CONSTRAINT "offline_scans_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_scans" ADD CONSTRAINT "offline_scans_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_scans_device_scan_idx" ON "offline_scans" USING btree ("device","scan_id");--> statement-breakpoint
CREATE INDEX "offline_scans_list_open_idx" ON "offline_scans" USING btree ("list_id") WHERE outcome <> 'IN' and reviewed_at is null;--> statement-breakpoint
CREATE INDEX "offline_scans_ticket_idx" ON "offline_scans" USING btree ("ticket_id","list_id");