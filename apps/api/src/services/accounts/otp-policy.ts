/** The email OTP rules of server-rules.md, in one place (mail templates quote the lifetime). */
export const OTP_POLICY = {
  digits: 6,
  ttlMinutes: 10,
  maxWrongAttempts: 5,
  resendAfterSeconds: 60,
} as const;

export type OtpPurpose = 'verify_email' | 'reset_password';
