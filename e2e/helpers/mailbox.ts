import { expect, type APIRequestContext } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

/**
 * The 6-digit code of the newest mail to `email` in the dev mailbox (GET /dev/mailbox, newest
 * first), waiting for one sent after `since`.
 */
export async function readOtp(request: APIRequestContext, email: string, since: Date): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mailbox');
        if (!res.ok()) return `GET /dev/mailbox answered ${res.status()}`;
        if (!res.headers()['content-type']?.includes('application/json'))
          return 'GET /dev/mailbox did not answer JSON (is the dev mailbox route registered?)';
        const mails = (await res.json()) as Mail[];
        const mail = mails.find((m) => m.to.toLowerCase() === email.toLowerCase() && new Date(m.sent_at) >= since);
        code = mail?.text.match(/\b(\d{6})\b/)?.[1];
        return code ? 'found' : `no code for ${email} yet`;
      },
      { message: `an OTP mail to ${email}`, timeout: 15_000 },
    )
    .toBe('found');
  return code!;
}
