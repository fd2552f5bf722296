CREATE TABLE "privacy_export_files" (
	"export_id" integer NOT NULL,
	"format" text NOT NULL,
	"content" text,
	"key_id" text,
	"bytes" integer NOT NULL,
	"downloaded_at" timestamp with time zone,
	"link_hash" text,
	"link_session_id" text,
	"link_expires_at" timestamp with time zone,
	CONSTRAINT "privacy_export_files_export_id_format_pk" PRIMARY KEY("export_id","format"),
	CONSTRAINT "privacy_export_files_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
CREATE TABLE "privacy_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_export_files" ADD CONSTRAINT "privacy_export_files_export_id_privacy_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."privacy_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "privacy_exports_status_idx" ON "privacy_exports" USING btree ("status","id");