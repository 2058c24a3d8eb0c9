CREATE TABLE "level_windows" (
	"user_id" integer NOT NULL,
	"level_number" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	CONSTRAINT "level_windows_user_id_level_number_pk" PRIMARY KEY("user_id","level_number")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "counted_level" integer;--> statement-breakpoint
ALTER TABLE "level_windows" ADD CONSTRAINT "level_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 070: each counted, active sub-user counts for the level the windows rule of decision 065 gave them: the
-- referrer's achievement whose window (window_start, achieved_at] holds their activation, the one achieved first when
-- two do (an achievement from before windows were kept holds what was activated before it); else the level the
-- ladder is working on, when the activation came after its stored window start. Others (activated in a window that
-- ended unfinished, or after the ladder was finished) count for none.
UPDATE "users" AS "u" SET "counted_level" = coalesce(
  (SELECT "a"."level_number" FROM "level_achievements" AS "a"
    WHERE "a"."user_id" = "u"."referrer_id"
      AND ("a"."window_start" IS NULL OR "a"."window_start" < "u"."activated_at")
      AND "a"."achieved_at" >= "u"."activated_at"
    ORDER BY "a"."achieved_at", "a"."level_number" LIMIT 1),
  (SELECT (SELECT min("l"."number") FROM "levels" AS "l" WHERE "l"."number" >= "ul"."level_number")
    FROM "user_levels" AS "ul"
    WHERE "ul"."user_id" = "u"."referrer_id" AND "ul"."completed_at" IS NULL AND "ul"."window_start" < "u"."activated_at"))
WHERE "u"."referrer_id" IS NOT NULL AND "u"."activated_at" IS NOT NULL
  AND "u"."referral_status" IN ('counted', 'released');
