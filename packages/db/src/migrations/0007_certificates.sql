CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"purchase_id" integer,
	"holder_name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"reissued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_certificate_id_unique";--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
-- Certificates issued so far move to their own table, under the id already printed on them. The
-- holder's name is the learner's name now (the old rows did not keep the name at issue).
-- (user, course) is unique now: when one learner has certificates on two purchases of a course
-- (a refunded one and a later one), the one on the paid purchase stays, else the earliest.
INSERT INTO "certificates" ("id", "user_id", "course_id", "purchase_id", "holder_name", "issued_at")
SELECT DISTINCT ON (p."user_id", p."course_id")
  p."certificate_id", p."user_id", p."course_id", p."id",
  btrim(u."first_name" || ' ' || u."last_name"),
  COALESCE(p."certificate_issued_at", p."paid_at", p."created_at")
FROM "purchases" AS p
JOIN "users" AS u ON u."id" = p."user_id"
WHERE p."certificate_id" IS NOT NULL AND p."course_id" IS NOT NULL
ORDER BY p."user_id", p."course_id", (p."status" = 'paid') DESC, p."certificate_issued_at" ASC NULLS LAST, p."id";--> statement-breakpoint
-- A certificate id left out above no longer opens its page: the audit log keeps which one it was.
INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "before", "after")
SELECT NULL, 'certificate.merge', 'certificates', c."id",
  jsonb_build_object('certificate_id', p."certificate_id", 'purchase_id', p."id", 'issued_at', p."certificate_issued_at"),
  jsonb_build_object('certificate_id', c."id", 'purchase_id', c."purchase_id")
FROM "purchases" AS p
JOIN "certificates" AS c ON c."user_id" = p."user_id" AND c."course_id" = p."course_id"
WHERE p."certificate_id" IS NOT NULL AND p."certificate_id" <> c."id";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "certificate_id";--> statement-breakpoint
ALTER TABLE "purchases" DROP COLUMN "certificate_issued_at";
