-- Decision 066, later: an erasure's steps outside its transaction (the photo's file, the provider asked about the
-- checkouts it closed, the balance snapshots rewritten) are recorded in its transaction and done again by the
-- 'erasure-follow-up' job until each has succeeded: a crash or a failed step after the commit no longer loses them.

CREATE TABLE "erasure_follow_ups" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"photo_key" text,
	"placeholder_email" text NOT NULL,
	"closed_orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_runs" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "erasure_follow_ups" ADD CONSTRAINT "erasure_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;