ALTER TABLE "discount_codes" ADD COLUMN "kind" text DEFAULT 'AMOUNT' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "percent" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "member_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_upper_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_value_check" CHECK (("discount_codes"."kind" = 'AMOUNT' and "discount_codes"."amount_grosze" > 0 and "discount_codes"."percent" is null) or ("discount_codes"."kind" = 'PERCENT' and "discount_codes"."amount_grosze" = 0 and "discount_codes"."percent" between 1 and 100));