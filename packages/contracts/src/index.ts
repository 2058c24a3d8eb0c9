export * from './common/messages.ts';
export * from './common/rules.ts';
export * from './common/envelope.ts';
export * from './common/money.ts';
export * from './accounts/schemas.ts';
