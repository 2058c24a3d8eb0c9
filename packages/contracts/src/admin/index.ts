export * from './common.ts';
export * from './catalogue.ts';
export * from './offer-codes.ts';
export * from './money.ts';
export * from './people.ts';
export * from './settings.ts';
export * from './audit.ts';
export * from './certificates.ts';
