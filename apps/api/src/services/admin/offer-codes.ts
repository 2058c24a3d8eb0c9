import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { batches, offerCodes, purchases, type DbOrTx } from '@app/db';
import {
  adminMessages,
  GUESS_WORTHY_CODE_MIN_LENGTH,
  isGuessWorthyCode,
  offerCodeRuleErrors,
  paiseToRupees,
  rupeesToPaise,
  type AdminOfferCode,
  type OfferCodeInput,
  type Page,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/postgres-error.ts';
import { recordAudit } from '../audit/index.ts';
import { refuseIfReferenced } from './refuse-if-referenced.ts';
import { containsPattern, pageOf } from './page-of.ts';

type OfferCodePatch = Partial<OfferCodeInput>;

const selectCodes = (db: DbOrTx) =>
  db
    .select({
      row: offerCodes,
      // Spelled out: a use is a paid purchase with the code (as checkout counts them).
      uses: sql<number>`(select count(*) from purchases p where p.offer_code_id = "offer_codes"."id" and p.status = 'paid')`.mapWith(
        Number,
      ),
    })
    .from(offerCodes);

function toAdminOfferCode({ row, uses }: { row: typeof offerCodes.$inferSelect; uses: number }): AdminOfferCode {
  return {
    id: row.id,
    code: row.code,
    is_fixed_amount: row.isFixedAmount,
    // Fixed: paise → rupees. Percentage: basis points → percent.
    discount: row.isFixedAmount ? paiseToRupees(row.discountValue) : row.discountValue / 100,
    minimum_amount: paiseToRupees(row.minimumAmountPaise),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_user: row.maxUsesPerUser,
    batch_id: row.batchId,
    is_active: row.isActive,
    uses,
    created_at: row.createdAt.toISOString(),
  };
}

async function findCode(db: DbOrTx, id: number): Promise<AdminOfferCode> {
  const [found] = await selectCodes(db).where(eq(offerCodes.id, id));
  if (!found) throw AppError.notFound(adminMessages.offerCodeNotFound);
  return toAdminOfferCode(found);
}

export function getOfferCode(ctx: AppContext, id: number): Promise<AdminOfferCode> {
  return findCode(ctx.db, id);
}

/** GET /admin/offer-codes: by code, with their use counts. */
export async function listOfferCodes(
  ctx: AppContext,
  options: { q?: string | undefined; isActive?: boolean | undefined; page: number; perPage: number },
): Promise<Page<AdminOfferCode>> {
  const where: SQL | undefined = and(
    options.q ? ilike(offerCodes.code, containsPattern(options.q)) : undefined,
    options.isActive !== undefined ? eq(offerCodes.isActive, options.isActive) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(offerCodes).where(where),
    selectCodes(ctx.db)
      .where(where)
      .orderBy(asc(offerCodes.code), asc(offerCodes.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(rows.map(toAdminOfferCode), total?.n ?? 0, options);
}

/** The stored columns of the fields given. */
function columnsOf(patch: OfferCodePatch, isFixedAmount: boolean): Partial<typeof offerCodes.$inferInsert> {
  return {
    ...(patch.code !== undefined ? { code: patch.code } : {}),
    ...(patch.is_fixed_amount !== undefined ? { isFixedAmount: patch.is_fixed_amount } : {}),
    ...(patch.discount !== undefined
      ? { discountValue: isFixedAmount ? rupeesToPaise(patch.discount) : Math.round(patch.discount * 100) }
      : {}),
    ...(patch.minimum_amount !== undefined ? { minimumAmountPaise: rupeesToPaise(patch.minimum_amount) } : {}),
    ...(patch.valid_from !== undefined ? { validFrom: patch.valid_from } : {}),
    ...(patch.valid_until !== undefined ? { validUntil: patch.valid_until } : {}),
    ...(patch.max_uses !== undefined ? { maxUses: patch.max_uses } : {}),
    ...(patch.max_uses_per_user !== undefined ? { maxUsesPerUser: patch.max_uses_per_user } : {}),
    ...(patch.batch_id !== undefined ? { batchId: patch.batch_id } : {}),
    ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
  };
}

type CheckedCode = Parameters<typeof offerCodeRuleErrors>[0] & { code: string; batch_id: number | null };

/**
 * The cross-field rules and the batch, on the code as it will be after the change. A free code or a batch's own code
 * must be long enough not to be found by trying words (decision 076): checked when a code is made, and when a change
 * touches its name or what it gives (type, discount, batch), so a short one made before the rule can still be switched
 * off or have its dates and limits changed.
 */
async function checkCode(db: DbOrTx, merged: CheckedCode, before?: AdminOfferCode): Promise<void> {
  const problems = offerCodeRuleErrors(merged);
  const isRenamedOrRevalued =
    !before ||
    (['code', 'is_fixed_amount', 'discount', 'batch_id'] as const).some((field) => merged[field] !== before[field]);
  if (isRenamedOrRevalued && isGuessWorthyCode(merged) && merged.code.length < GUESS_WORTHY_CODE_MIN_LENGTH)
    problems.push({ path: 'code', message: adminMessages.codeTooGuessable });
  if (problems.length > 0) {
    const errors = Object.fromEntries(problems.map((p) => [p.path, [p.message]]));
    throw new AppError('VALIDATION', problems[0]!.message, { errors });
  }
  if (merged.batch_id) {
    const [batch] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, merged.batch_id));
    if (!batch) throw AppError.field('batch_id', adminMessages.batchNotFound);
  }
}

async function uniqueCode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('code', adminMessages.offerCodeTaken);
    throw error;
  }
}

/** POST /admin/offer-codes */
export function createOfferCode(
  ctx: AppContext,
  options: { actorId: number; input: OfferCodePatch & Pick<OfferCodeInput, 'code' | 'is_fixed_amount' | 'discount'> },
): Promise<AdminOfferCode> {
  const { input } = options;
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      await checkCode(tx, {
        ...input,
        valid_from: input.valid_from ?? null,
        valid_until: input.valid_until ?? null,
        batch_id: input.batch_id ?? null,
      });
      const [row] = await tx
        .insert(offerCodes)
        .values({
          code: input.code,
          isFixedAmount: input.is_fixed_amount,
          discountValue: 0,
          minimumAmountPaise: 0,
          isActive: true,
          createdAt: ctx.now(),
          ...columnsOf(input, input.is_fixed_amount),
        })
        .returning({ id: offerCodes.id });
      const after = await findCode(tx, row!.id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'offer_code.create',
        entity: 'offer_codes',
        entityId: row!.id,
        after,
      });
      return after;
    }),
  );
}

/**
 * PUT /admin/offer-codes/{id}: the fields given change; the rules are checked on the result.
 * Changing is_fixed_amount without a discount keeps the number as the operator last saw it.
 */
export function updateOfferCode(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: OfferCodePatch },
): Promise<AdminOfferCode> {
  const { patch, id } = options;
  return uniqueCode(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findCode(tx, id);
      const isFixedAmount = patch.is_fixed_amount ?? before.is_fixed_amount;
      const merged = {
        code: patch.code ?? before.code,
        is_fixed_amount: isFixedAmount,
        discount: patch.discount ?? before.discount,
        valid_from:
          patch.valid_from !== undefined ? patch.valid_from : before.valid_from ? new Date(before.valid_from) : null,
        valid_until:
          patch.valid_until !== undefined
            ? patch.valid_until
            : before.valid_until
              ? new Date(before.valid_until)
              : null,
        batch_id: patch.batch_id !== undefined ? patch.batch_id : before.batch_id,
      };
      await checkCode(tx, merged, before);
      await tx
        .update(offerCodes)
        .set(columnsOf({ ...patch, discount: merged.discount }, isFixedAmount))
        .where(eq(offerCodes.id, id));
      const after = await findCode(tx, id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'offer_code.update',
        entity: 'offer_codes',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

/** DELETE /admin/offer-codes/{id}: only a code no purchase used; otherwise switch it off. */
export function deleteOfferCode(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  return refuseIfReferenced(adminMessages.offerCodeUsed, () =>
    ctx.db.transaction(async (tx) => {
      const before = await findCode(tx, options.id);
      const [used] = await tx.select({ n: count() }).from(purchases).where(eq(purchases.offerCodeId, options.id));
      if ((used?.n ?? 0) > 0) throw AppError.badRequest(adminMessages.offerCodeUsed);
      await tx.delete(offerCodes).where(eq(offerCodes.id, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'offer_code.delete',
        entity: 'offer_codes',
        entityId: options.id,
        before,
      });
    }),
  );
}
