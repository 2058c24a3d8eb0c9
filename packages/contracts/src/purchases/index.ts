export * from './gst.ts';
export * from './schemas.ts';
export * from './messages.ts';
