import nodemailer, { type Transporter } from 'nodemailer';
import { desc } from 'drizzle-orm';
import { devMailbox, type Db } from '@app/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** True when mail goes to the dev outbox instead of SMTP. */
  readonly isDevOutbox: boolean;
}

/** SMTP when SMTP_URL is set; otherwise the dev outbox table that GET /dev/mailbox lists. */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; db: Db }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      isDevOutbox: false,
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    isDevOutbox: true,
    async send(mail) {
      await options.db.insert(devMailbox).values(mail);
    },
  };
}

export async function listDevMailbox(db: Db, limit = 50) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}
