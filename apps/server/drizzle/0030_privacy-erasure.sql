CREATE TABLE "consent_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_key_id" text NOT NULL,
	"consent" text NOT NULL,
	"given" boolean NOT NULL,
	"actor" text NOT NULL,
	"source" text NOT NULL,
	"wording_version" text,
	"backfill" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consent_proofs_subject_idx" ON "consent_proofs" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "consent_proofs_removed_idx" ON "consent_proofs" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "retention_runs_finished_idx" ON "retention_runs" USING btree ("finished_at");