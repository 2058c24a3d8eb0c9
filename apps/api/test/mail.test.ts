import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpMail } from '../src/services/mail/index.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { createTestApp, PRODUCTION_TEST_ENV, waitFor, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { latestOtp, mailTo, signUp, withDevMailbox } from './accounts-helpers.ts';

/** Undoes quoted-printable soft breaks and escapes, enough to read the parts. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Mail over SMTP goes through the queue: this app runs its worker.
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Live Connect <no-reply@live-connect.test>' },
      worker: { pollingIntervalSeconds: 0.5 },
    });
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the verification code as a text and an HTML part', async () => {
    const { token, email } = await signUp(t.client);
    expect((await t.client.as(token).get('/send-email-otp')).statusCode).toBe(200);
    await waitFor(() => smtp.received.length > 0);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([email]);
    expect(mail!.from).toBe('no-reply@live-connect.test');
    const raw = decodeQuotedPrintable(mail!.raw);
    expect(raw).toMatch(/^Subject: Live Connect: code to verify your email address/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(raw).toContain('10 minutes');
    const code = /code to verify your email address is: (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // The code that went over the wire is the one the server accepts.
    const verified = await t.client.as(token).post('/verify-email-otp', { email, otp: code });
    expect(verified.statusCode).toBe(200);
  });

  it('sends the reset code', async () => {
    const learner = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: learner.email });
    await waitFor(() => smtp.received.some((m) => m.to.includes(learner.email)));
    const mail = smtp.received.find((m) => m.to.includes(learner.email));
    expect(decodeQuotedPrintable(mail!.raw)).toMatch(/code to reset your password is: \d{6}/);
  });

  it('keeps the dev mailbox closed when SMTP is configured', async () => {
    expect((await t.client.get('/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('dev outbox and GET /dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists sent mail newest first with to, subject, text and sent_at', async () => {
    const a = await signUp(t.client);
    const b = await signUp(t.client);
    await t.client.as(a.token).get('/send-email-otp');
    await t.client.as(b.token).get('/send-email-otp');
    const res = await t.client.get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.body.slice(0, 2).map((m: { to: string }) => m.to)).toEqual([b.email, a.email]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['sent_at', 'subject', 'text', 'to']);
    expect(new Date(res.body[0].sent_at).getTime()).not.toBeNaN();
    expect(await latestOtp(t.client, a.email)).toMatch(/^\d{6}$/);
    expect((await mailTo(t.client, a.email))[0]!.subject).toBe('Live Connect: code to verify your email address');
  });
});

describe('GET /dev/mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...PRODUCTION_TEST_ENV } });
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not served', async () => {
    expect((await t.client.get('/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('OTP mail template', () => {
  const base = {
    appName: 'Live Connect',
    to: 'a@example.com',
    firstName: 'Asha',
    code: '042917',
    ttlMinutes: 10,
  } as const;

  it('says what the code is for, how long it lasts, and who sent it, in both parts', () => {
    for (const [purpose, reason] of [
      ['verify_email', 'verify your email address'],
      ['reset_password', 'reset your password'],
    ] as const) {
      const mail = otpMail({ ...base, purpose });
      expect(mail.to).toBe('a@example.com');
      expect(mail.subject).toBe(`Live Connect: code to ${reason}`);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Live Connect');
        expect(part).toContain('042917');
        expect(part).toContain(reason);
        expect(part).toContain('10 minutes');
      }
    }
  });

  it('greets no one by name: the address may not be the account owner’s, and a name is whatever was typed', () => {
    for (const purpose of ['verify_email', 'reset_password'] as const) {
      const mail = otpMail({ ...base, firstName: 'Pay at https://evil.example <b>now</b>', purpose });
      expect(mail.text.split('\n')[0]).toBe('Hello,');
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });
});
