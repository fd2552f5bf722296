-- Issue 31: staff tag a gallery photo with the members it shows, so that removing a member's account
-- deletes those photos (docs/privacy.md, "Erasure"). Goes with the photo and with the account.
CREATE TABLE "gallery_image_people" (
	"photo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tagged_by" integer,
	CONSTRAINT "gallery_image_people_photo_id_user_id_pk" PRIMARY KEY("photo_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "gallery_image_people" ADD CONSTRAINT "gallery_image_people_photo_id_gallery_images_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_people" ADD CONSTRAINT "gallery_image_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_image_people" ADD CONSTRAINT "gallery_image_people_tagged_by_users_id_fk" FOREIGN KEY ("tagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_image_people_user_idx" ON "gallery_image_people" USING btree ("user_id");
