export * from './accounts.ts';
export * from './catalogue.ts';
export * from './purchases.ts';
export * from './wallet.ts';
export * from './sandbox-payments.ts';
export * from './certificates.ts';
export * from './video.ts';
