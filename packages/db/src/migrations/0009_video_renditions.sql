CREATE TABLE "video_renditions" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"source_ref" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"master_key" text,
	"renditions" text,
	"duration_seconds" real,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_renditions_status" CHECK ("video_renditions"."status" IN ('pending','running','ready','failed')),
	CONSTRAINT "video_renditions_progress" CHECK ("video_renditions"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "video_renditions" ADD CONSTRAINT "video_renditions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;