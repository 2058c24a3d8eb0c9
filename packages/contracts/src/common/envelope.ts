import { z } from 'zod';

/** The spec's general response envelope: { status, message, data }. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorEnvelope>;

export const messageOnly = envelope(z.null());
