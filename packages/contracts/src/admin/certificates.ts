import { z } from 'zod';
import { personRef } from './common.ts';

export const CERTIFICATE_NAME_MAX = 120;

/** Operator console messages about certificates. */
export const certificateAdminMessages = {
  nameInvalid: `Enter the name as it should appear on the certificate (1 to ${CERTIFICATE_NAME_MAX} characters).`,
  reissued: 'Certificate reissued.',
} as const;

/** GET /admin/certificates/{id}: the certificate as issued, with its holder's account as it is now. */
export const adminCertificate = z.object({
  id: z.string(),
  /** The name printed on the certificate (as issued, or as an operator corrected it). */
  holder_name: z.string(),
  /** The learner's account, with their current profile name. */
  user: personRef,
  course: z.object({ id: z.number(), name: z.string() }),
  /** The purchase that opened the course; null for a free batch's subject. */
  purchase_id: z.number().nullable(),
  issued_at: z.string(),
  reissued_at: z.string().nullable(),
  /** False once the purchase behind it was refunded. */
  is_valid: z.boolean(),
  /** The public validation page. */
  verify_url: z.string(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;

/** POST /admin/certificates/{id}/reissue: the corrected holder name (audited). */
export const reissueCertificateBody = z.object({
  name: z
    .string({ error: certificateAdminMessages.nameInvalid })
    .trim()
    .min(1, certificateAdminMessages.nameInvalid)
    .max(CERTIFICATE_NAME_MAX, certificateAdminMessages.nameInvalid),
});
export type ReissueCertificateBody = z.input<typeof reissueCertificateBody>;
