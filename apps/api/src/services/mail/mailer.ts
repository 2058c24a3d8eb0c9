import nodemailer, { type Transporter } from 'nodemailer';
import { desc } from 'drizzle-orm';
import { devMailbox, type Db } from '@app/db';
import { decryptText, encryptText } from '../../lib/crypto.ts';
import type { JobDataMap } from '../../jobs/registry.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailJobData = JobDataMap['mail'];

export interface SendOptions {
  /** The OTP the mail carries: withdrawn if the mail is given up after its retries. */
  otpId?: number;
}

export interface Mailer {
  /**
   * Hands a mail over without waiting for SMTP: queued as a 'mail' job (retried with backoff by the
   * worker), or written to the dev outbox at once, so GET /dev/mailbox shows it when the request answers.
   */
  send(mail: Mail, options?: SendOptions): Promise<void>;
  /** Sends over SMTP now: the mail job's work. */
  deliver(mail: Mail): Promise<void>;
  /** True when mail goes to the dev outbox instead of SMTP. */
  readonly isDevOutbox: boolean;
  /** Mails this process sent (SMTP or outbox) and gave up on, for /metrics. */
  readonly stats: { sent: number; failed: number };
}

interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  /** APP_SECRET: seals a queued mail's parts (OTP codes) while it waits in the database. */
  secret: string;
  enqueue: (data: MailJobData) => Promise<unknown>;
}

/** A queued mail: recipient and subject in clear for the operator, the parts sealed. */
export function sealMail(secret: string, mail: Mail, options: SendOptions = {}): MailJobData {
  const sealed = encryptText(secret, JSON.stringify({ text: mail.text, html: mail.html }));
  return { to: mail.to, subject: mail.subject, sealed, ...(options.otpId === undefined ? {} : { otpId: options.otpId }) };
}

export function openMail(secret: string, data: MailJobData): Mail {
  const parts = JSON.parse(decryptText(secret, data.sealed)) as { text: string; html: string };
  return { to: data.to, subject: data.subject, text: parts.text, html: parts.html };
}

/** SMTP (through the queue) when SMTP_URL is set; otherwise the dev outbox table that GET /dev/mailbox lists. */
export function createMailer(options: MailerOptions): Mailer {
  const stats = { sent: 0, failed: 0 };
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      isDevOutbox: false,
      stats,
      async send(mail, sendOptions) {
        await options.enqueue(sealMail(options.secret, mail, sendOptions));
      },
      async deliver(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const writeOutbox = async (mail: Mail) => {
    await options.db.insert(devMailbox).values(mail);
    stats.sent++;
  };
  return { isDevOutbox: true, stats, send: writeOutbox, deliver: writeOutbox };
}

export async function listDevMailbox(db: Db, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}
