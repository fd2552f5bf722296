CREATE TABLE "attendee_mail_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendee_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"product_id" integer NOT NULL,
	"audience" text NOT NULL,
	"subject_pl" text NOT NULL,
	"subject_en" text NOT NULL,
	"body_pl" text NOT NULL,
	"body_en" text NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendee_mails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "booking_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bring_pl" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bring_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reminder_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendee_mail_recipients" ADD CONSTRAINT "attendee_mail_recipients_mail_id_attendee_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."attendee_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_mail_recipients" ADD CONSTRAINT "attendee_mail_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_mails" ADD CONSTRAINT "attendee_mails_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_mails" ADD CONSTRAINT "attendee_mails_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendee_mail_recipients_idx" ON "attendee_mail_recipients" USING btree ("mail_id","email");--> statement-breakpoint
CREATE INDEX "attendee_mails_product_idx" ON "attendee_mails" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reminders_once_idx" ON "booking_reminders" USING btree ("order_id","product_id","kind");