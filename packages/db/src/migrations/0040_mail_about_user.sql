-- Decision 066, later: a mail names the learner it is about (to them or to their guardian), so that an erasure deletes
-- the mails still waiting by it, never by a guardian's address, which another account may share. The dev outbox keeps it
-- in a column; the queue and the outbox in their JSON data (aboutUserId).

ALTER TABLE "dev_mailbox" ADD COLUMN "about_user_id" integer;