import { auditLog, type DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';

export interface AuditRecord {
  /** The operator; null for the system. */
  actorId: number | null;
  /** `<entity>.<verb>`, e.g. 'course.update', 'purchase.refund'. */
  action: string;
  /** The table changed. */
  entity: string;
  entityId: string | number | null;
  /** The row as the admin API shows it, before and after; null for a create or a delete. */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit_log row. Call it with the transaction of the change it records, so the change
 * and its record commit or roll back together. The table is append-only (a trigger refuses
 * UPDATE and DELETE).
 */
export async function recordAudit(tx: DbOrTx, ctx: Pick<AppContext, 'now'>, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId === null ? null : String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: ctx.now(),
  });
}
