export * from './gst.ts';
export * from './schemas.ts';
