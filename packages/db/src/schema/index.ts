/**
 * One file per area, named like the API's service folder (apps/api/src/services/<area>): a table lives in the
 * file of the area that owns it.
 */
export * from './accounts.ts';
export * from './onboarding.ts';
export * from './profile.ts';
export * from './catalogue.ts';
export * from './checkout.ts';
export * from './quiz.ts';
export * from './learning.ts';
export * from './levels.ts';
export * from './settings.ts';
export * from './audit.ts';
export * from './mail.ts';
export * from './referrals.ts';
export * from './wallet.ts';
export * from './idempotency.ts';
export * from './purchases.ts';
export * from './payments.ts';
export * from './certificates.ts';
export * from './consent.ts';
export * from './invoices.ts';
export * from './video.ts';
