CREATE TABLE "ksef_submissions" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"xml" text,
	"offline" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"ksef_number" text,
	"session_reference" text,
	"invoice_reference" text,
	"upo" text,
	"error_code" integer,
	"error_reason" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ksef_submissions" ADD CONSTRAINT "ksef_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ksef_submissions_waiting_idx" ON "ksef_submissions" USING btree ("status","next_attempt_at");