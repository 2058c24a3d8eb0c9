import { z } from 'zod';
import { idField, isoDateTime, pageQuery, personRef } from './common.ts';

/** GET /admin/audit?actor=&entity=&action=&from=&to=&page=: actor is a user id; from/to ISO 8601 (to is exclusive). */
export const auditQuery = pageQuery.extend({
  actor: idField.optional(),
  entity: z.string().trim().max(100).optional(),
  /** One row of the entity (a withdrawal's id, a user's id…): its whole history. */
  entity_id: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

export const auditEntry = z.object({
  id: z.number(),
  /** Who did it; null for the system (e.g. the self-referral rule). */
  actor: personRef.nullable(),
  /** e.g. 'course.update', 'purchase.refund', 'withdrawal.settle'. */
  action: z.string(),
  /** The table changed: courses, purchases, wallet_transactions, settings… */
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
