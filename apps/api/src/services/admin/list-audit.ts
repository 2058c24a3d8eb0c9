import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLog, users, type DbOrTx } from '@app/db';
import type { AuditEntry, Page } from '@app/contracts';
import { pageOf } from './page-of.ts';

export interface AuditFilter {
  actor?: number | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  perPage: number;
}

/** GET /admin/audit: newest first, filtered by actor, entity, action and time window [from, to). */
export async function listAudit(db: DbOrTx, filter: AuditFilter): Promise<Page<AuditEntry>> {
  const where: SQL | undefined = and(
    filter.actor !== undefined ? eq(auditLog.actorId, filter.actor) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select({ entry: auditLog, actorFirst: users.firstName, actorLast: users.lastName, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
  ]);
  return pageOf(
    rows.map(({ entry, actorFirst, actorLast, actorEmail }) => ({
      id: entry.id,
      actor:
        entry.actorId !== null && actorEmail !== null
          ? { id: entry.actorId, name: `${actorFirst} ${actorLast}`, email: actorEmail }
          : null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
      created_at: entry.createdAt.toISOString(),
    })),
    total?.n ?? 0,
    filter,
  );
}
