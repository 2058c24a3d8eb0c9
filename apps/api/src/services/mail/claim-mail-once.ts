import { eq } from 'drizzle-orm';
import { sentMails, type DbOrTx } from '@app/db';

/**
 * Claims a once-only mail (sent_mails) for one delivery: true when this job may send it (the key was
 * free, or this same job claimed it on an earlier attempt and is retrying), false when another job
 * (or the dev outbox) already has. Claimed before sending, so two jobs racing for one key cannot both
 * send: the primary key lets one insert through and the other sees its row.
 */
export async function claimMailOnce(db: DbOrTx, options: { key: string; jobId: string }): Promise<boolean> {
  const [claimed] = await db
    .insert(sentMails)
    .values({ key: options.key, jobId: options.jobId })
    .onConflictDoNothing()
    .returning({ key: sentMails.key });
  if (claimed) return true;
  const [holder] = await db.select({ jobId: sentMails.jobId }).from(sentMails).where(eq(sentMails.key, options.key));
  return holder?.jobId === options.jobId;
}
