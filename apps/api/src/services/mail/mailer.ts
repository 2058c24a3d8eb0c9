import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { asc, desc, inArray } from 'drizzle-orm';
import { devMailbox, mailOutbox, type Db, type DbOrTx } from '@app/db';
import { decryptText, encryptText } from '../../lib/crypto.ts';
import type { JobDataMap, JobLog } from '../../jobs/registry.ts';
import { claimMailOnce } from './claim-mail-once.ts';

/** A file sent with a mail (made when the mail is delivered, never stored in the queue). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Made at delivery (the mail job resolves SendOptions.attachments); send() refuses bytes here. */
  attachments?: MailAttachment[];
}

/** What a queued mail attaches, by reference: the file is rendered when the mail job runs (resolve-attachment.ts). */
export type MailAttachmentRef = NonNullable<JobDataMap['mail']['attachments']>[number];

export type MailJobData = JobDataMap['mail'];

export interface SendOptions {
  /** The OTP the mail carries: withdrawn if the mail is given up after its retries. */
  otpId?: number;
  /** The learner the mail is about (to them or to their guardian): MailJobData.aboutUserId. */
  aboutUserId?: number;
  /**
   * Sent at most once per key (e.g. receipt:<purchase id>): the delivery claims the key in sent_mails
   * first, and a second mail with the same key is dropped.
   */
  onceKey?: string;
  /** Files to attach, rendered at delivery (SMTP only; the dev outbox keeps text and HTML). */
  attachments?: MailAttachmentRef[];
  /**
   * The transaction of the change the mail tells of: the mail is written with it (to the outbox with
   * SMTP, to the dev outbox without), so it exists if and only if the change commits. relayOutbox()
   * then queues it.
   */
  within?: DbOrTx;
}

export interface Mailer {
  /**
   * Hands a mail over without waiting for SMTP: queued as a 'mail' job (retried with backoff by the
   * worker), or written to the dev outbox at once, so GET /dev/mailbox shows it when the request answers.
   */
  send(mail: Mail, options?: SendOptions): Promise<void>;
  /**
   * Moves the mails written `within` a transaction from the outbox onto the queue; returns how many.
   * Called after such a transaction commits, and by the reconciler for whatever a crash left. A mail
   * queued twice (two relays at once, or a crash between queueing and deleting) is sent once: it
   * carries the once-only key outbox:<id>. Nothing to do with the dev outbox.
   */
  relayOutbox(): Promise<number>;
  /** Sends over SMTP now: the mail job's work. */
  deliver(mail: Mail): Promise<void>;
  /** True when mail goes to the dev outbox instead of SMTP. */
  readonly isDevOutbox: boolean;
  /** Mails this process sent (SMTP or outbox) and gave up on, and notices it could not queue, for /metrics. */
  readonly stats: { sent: number; failed: number; notQueued: number };
  /** Where a notice that could not be queued is logged (queue-notice.ts). */
  readonly log: JobLog;
}

interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  /** APP_SECRET: seals a queued mail's parts (OTP codes) while it waits in the database. */
  secret: string;
  enqueue: (data: MailJobData) => Promise<unknown>;
  log?: JobLog | undefined;
}

/** Mails moved from the outbox to the queue per relayOutbox() call; the rest wait for the next. */
const OUTBOX_BATCH = 100;

const SILENT: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A queued mail: recipient and subject in clear for the operator, the parts sealed, attachments by reference. */
export function sealMail(secret: string, mail: Mail, options: SendOptions = {}): MailJobData {
  const sealed = encryptText(secret, JSON.stringify({ text: mail.text, html: mail.html }));
  return {
    to: mail.to,
    subject: mail.subject,
    sealed,
    ...(options.otpId === undefined ? {} : { otpId: options.otpId }),
    ...(options.aboutUserId === undefined ? {} : { aboutUserId: options.aboutUserId }),
    ...(options.onceKey === undefined ? {} : { onceKey: options.onceKey }),
    ...(options.attachments?.length ? { attachments: options.attachments } : {}),
  };
}

export function openMail(secret: string, data: MailJobData): Mail {
  const parts = JSON.parse(decryptText(secret, data.sealed)) as { text: string; html: string };
  return { to: data.to, subject: data.subject, text: parts.text, html: parts.html };
}

/** Files go by reference (SendOptions.attachments) so the queue never holds them; `Mail.attachments` is for delivery. */
function refuseFilesInSend(mail: Mail): void {
  if (mail.attachments?.length)
    throw new Error('attach files to a queued mail by reference (SendOptions.attachments), not as bytes');
}

/** SMTP (through the queue) when SMTP_URL is set; otherwise the dev outbox table that GET /dev/mailbox lists. */
export function createMailer(options: MailerOptions): Mailer {
  const stats = { sent: 0, failed: 0, notQueued: 0 };
  const log = options.log ?? SILENT;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      isDevOutbox: false,
      stats,
      log,
      async send(mail, sendOptions) {
        refuseFilesInSend(mail);
        const data = sealMail(options.secret, mail, sendOptions);
        if (sendOptions?.within) await sendOptions.within.insert(mailOutbox).values({ data });
        else await options.enqueue(data);
      },
      async relayOutbox() {
        const rows = await options.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id)).limit(OUTBOX_BATCH);
        for (const row of rows) {
          const data = row.data as MailJobData;
          await options.enqueue({ ...data, onceKey: data.onceKey ?? `outbox:${row.id}` });
        }
        if (rows.length > 0)
          await options.db.delete(mailOutbox).where(
            inArray(
              mailOutbox.id,
              rows.map((row) => row.id),
            ),
          );
        return rows.length;
      },
      async deliver(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const writeOutbox = async (mail: Mail, db: DbOrTx = options.db, aboutUserId?: number) => {
    await db
      .insert(devMailbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, aboutUserId });
    stats.sent++;
  };
  return {
    isDevOutbox: true,
    stats,
    log,
    async send(mail, sendOptions) {
      refuseFilesInSend(mail);
      // Written in the request (within its transaction when given), so the once-only claim is made here.
      const db = sendOptions?.within ?? options.db;
      if (
        sendOptions?.onceKey !== undefined &&
        !(await claimMailOnce(db, { key: sendOptions.onceKey, jobId: `dev-outbox:${randomUUID()}` }))
      )
        return;
      await writeOutbox(mail, db, sendOptions?.aboutUserId);
    },
    relayOutbox: async () => 0,
    deliver: (mail) => writeOutbox(mail),
  };
}

export async function listDevMailbox(db: Db, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}
