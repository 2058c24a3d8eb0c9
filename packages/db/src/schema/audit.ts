import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // One row's history (a withdrawal, a user): GET /admin/audit?entity=…&entity_id=….
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The purchases with a dispute opened at the provider, which the daily dispute check asks about (few rows).
    index('audit_log_dispute_opened_idx')
      .on(t.entityId)
      .where(sql`${t.action} = 'payment.dispute_opened'`),
  ],
);
