import { asc, notInArray } from 'drizzle-orm';
import { levels, type DbOrTx } from '@app/db';
import { paiseToRupees, rupeesToPaise, type AdminLevel } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';

async function readLevels(db: DbOrTx): Promise<AdminLevel[]> {
  const rows = await db.select().from(levels).orderBy(asc(levels.number));
  return rows.map((row) => ({
    number: row.number,
    name: row.name,
    days: row.days,
    node: row.node,
    reward_points: row.rewardPoints,
    reward_amount: paiseToRupees(row.rewardPaise),
  }));
}

/** GET /admin/levels */
export function getLevels(ctx: AppContext): Promise<AdminLevel[]> {
  return readLevels(ctx.db);
}

/**
 * PUT /admin/levels: replaces the ladder. The level services read it at each activation, so new
 * days, nodes and rewards apply from then on: a window already running keeps its start and is
 * measured with the new days; rewards already credited stay. Users on a removed level continue on
 * the next one up (levelByNumber).
 */
export async function replaceLevels(
  ctx: AppContext,
  options: { actorId: number; levels: AdminLevel[] },
): Promise<AdminLevel[]> {
  return ctx.db.transaction(async (tx) => {
    const before = await readLevels(tx);
    const numbers = options.levels.map((l) => l.number);
    await tx.delete(levels).where(notInArray(levels.number, numbers));
    for (const level of options.levels) {
      const row = {
        name: level.name,
        days: level.days,
        node: level.node,
        rewardPoints: level.reward_points,
        rewardPaise: rupeesToPaise(level.reward_amount),
      };
      await tx
        .insert(levels)
        .values({ number: level.number, ...row })
        .onConflictDoUpdate({ target: levels.number, set: row });
    }
    const after = await readLevels(tx);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'levels.update',
      entity: 'levels',
      entityId: null,
      before,
      after,
    });
    return after;
  });
}
