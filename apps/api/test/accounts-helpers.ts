import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { devRoutes } from '../src/routes/dev/index.ts';
import type { TestClient } from './helpers.ts';

/**
 * GET /dev/mailbox lives at the root, beside the API. Until app.ts registers it, a test app
 * registers it here, before the app is ready, exactly as app.ts would.
 */
export async function withDevMailbox(app: App): Promise<void> {
  if (!app.hasRoute({ method: 'GET', url: '/dev/mailbox' })) await app.register(devRoutes);
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
}

/** Sent mail to `email`, newest first, read through GET /dev/mailbox as a person would. */
export async function mailTo(client: TestClient, email: string): Promise<MailboxEntry[]> {
  const res = await client.get<MailboxEntry[]>('/dev/mailbox');
  expect(res.statusCode).toBe(200);
  return res.body.filter((mail) => mail.to === email);
}

/** The code in the newest mail to `email`. */
export async function latestOtp(client: TestClient, email: string): Promise<string> {
  const [mail] = await mailTo(client, email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no OTP mailed to ${email}`);
  return code;
}

let signUpCount = 0;

/** A valid register body; each call gets its own email. */
export function registerForm(overrides: Record<string, unknown> = {}) {
  signUpCount += 1;
  return {
    first_name: 'Asha',
    last_name: 'Nair',
    email: `asha.nair${signUpCount}-${Date.now()}@example.com`,
    mobile: '9876543210',
    password: 'Secret@123',
    password_confirmation: 'Secret@123',
    disclaimer: true,
    ...overrides,
  };
}

/** Registers through POST /register, as a learner would; returns the token and the email. */
export async function signUp(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; email: string }> {
  const form = registerForm(overrides);
  const res = await client.post('/register', form);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.data.token, email: String(form.email).toLowerCase() };
}
