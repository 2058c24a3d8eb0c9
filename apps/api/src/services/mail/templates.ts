import type { Mail } from './mailer.ts';
import type { OtpPurpose } from '../accounts/otp-policy.ts';

interface OtpMailOptions {
  appName: string;
  to: string;
  firstName: string;
  code: string;
  purpose: OtpPurpose;
  ttlMinutes: number;
}

const purposeText: Record<OtpPurpose, { subject: string; reason: string }> = {
  verify_email: { subject: 'verify your email address', reason: 'verify your email address' },
  reset_password: { subject: 'reset your password', reason: 'reset your password' },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The one-time password mail: what the code is for, how long it lasts, and who sent it. */
export function otpMail(options: OtpMailOptions): Mail {
  const { appName, code, ttlMinutes } = options;
  const { subject, reason } = purposeText[options.purpose];
  const ignore = options.purpose === 'reset_password'
    ? 'If you did not ask to reset your password, ignore this email: your password stays as it is.'
    : 'If you did not create an account, ignore this email.';
  const text = [
    `Hello ${options.firstName},`,
    '',
    `Your ${appName} code to ${reason} is: ${code}`,
    '',
    `It lasts ${ttlMinutes} minutes and works once. Never share it with anyone.`,
    ignore,
    '',
    `${appName}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #212529;">
<p>Hello ${escapeHtml(options.firstName)},</p>
<p>Your ${escapeHtml(appName)} code to ${reason} is:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px;">${code}</p>
<p>It lasts ${ttlMinutes} minutes and works once. Never share it with anyone.</p>
<p>${escapeHtml(ignore)}</p>
<p>${escapeHtml(appName)}</p>
</body></html>`;
  return { to: options.to, subject: `${appName}: code to ${subject}`, text, html };
}
