export { composeMail } from './compose-mail.ts';
export { mailJob } from './mail-job.ts';
export { createMailer, listDevMailbox, sealMail } from './mailer.ts';
export type { Mail, Mailer } from './mailer.ts';
export { sendEmailChangedMail } from './send-email-changed-mail.ts';
export { sendPasswordChangedMail } from './send-password-changed-mail.ts';
export { sendReceipt } from './send-receipt.ts';
export { sendWithdrawalMail } from './send-withdrawal-mail.ts';
export { otpMail } from './templates.ts';
