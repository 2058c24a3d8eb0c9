import { eq, TransactionRollbackError } from 'drizzle-orm';
import { purchases, users, walletTransactions, type Tx } from '@app/db';
import { lastPage } from '@app/contracts';
import { API_PREFIX, type App } from '../../apps/api/src/app.ts';
import { issueToken } from '../../apps/api/src/services/accounts/issue-token.ts';
import { getLevelStatus } from '../../apps/api/src/services/levels/get-level-status.ts';
import { listSubUsers } from '../../apps/api/src/services/referrals/list-sub-users.ts';
import { markPurchasePaid } from '../../apps/api/src/services/purchases/mark-purchase-paid.ts';
import { benchCourse } from './load-purchases.ts';

/** A user the paths are measured for, with what the measurements need. */
export interface Target {
  label: string;
  user: { id: number; createdAt: Date };
  directSubUsers: number;
  token: string;
  /** A pending purchase of a not-yet-active direct sub-user: paying it activates them and pays the target. */
  purchase: { id: number; amountPaise: number };
  /** Statements the purchase path sends between BEGIN and ROLLBACK (countPurchaseStatements); the floor sends as many. */
  purchaseStatements: number;
}

export interface Scenario {
  name: string;
  run: () => Promise<unknown>;
  /** A reference row: what the round trips alone cost, not a path of the product. */
  isFloor?: boolean;
}

/** A direct sub-user of `referrerId` who has bought nothing yet, with a pending purchase to pay. */
async function pendingPurchaseUnder(app: App, referrerId: number): Promise<{ id: number; amountPaise: number }> {
  const { rows } = await app.ctx.database.pool!.query<{ id: number }>(
    `select id from users where referrer_id = $1 and activated_at is null and email_verified_at is not null
       and referral_status = 'counted' order by id desc limit 1`,
    [referrerId],
  );
  const buyer = rows[0];
  if (!buyer) throw new Error(`user ${referrerId} has no pending sub-user to buy`);
  const course = await benchCourse(app.ctx.database.pool!);
  const [purchase] = await app.ctx.db
    .insert(purchases)
    .values({
      userId: buyer.id,
      courseId: course.id,
      pricePaise: course.pricePaise,
      amountPaise: course.pricePaise,
      provider: 'sandbox',
      providerOrderId: `order_bench_tree_${buyer.id}_${Date.now()}`,
      status: 'pending',
    })
    .returning({ id: purchases.id, amountPaise: purchases.amountPaise });
  return purchase!;
}

export async function prepareTarget(app: App, label: string, userId: number): Promise<Target> {
  const [user] = await app.ctx.db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const { rows } = await app.ctx.database.pool!.query<{ n: number }>(
    'select count(*)::int as n from users where referrer_id = $1',
    [userId],
  );
  return {
    label,
    user,
    directSubUsers: rows[0]!.n,
    token: await issueToken(app.ctx.db, userId, app.ctx.now()),
    purchase: await pendingPurchaseUnder(app, userId),
    purchaseStatements: 0,
  };
}

/** How many statements the purchase path sends between BEGIN and ROLLBACK, as `record` (the Drizzle logger) sees them. */
export async function countPurchaseStatements(
  app: App,
  target: Target,
  record: (run: () => Promise<unknown>) => Promise<unknown[]>,
): Promise<number> {
  return (await record(() => payAndRollBack(app, target))).length;
}

/** GET under the API prefix with the target's bearer token, as the web app calls it. */
async function get(app: App, token: string, path: string): Promise<unknown> {
  const res = await app.inject({
    method: 'GET',
    url: `${API_PREFIX}${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The code path that marks a purchase paid (the same one /pay-now, the webhook and the
 * reconciler take), in a transaction rolled back at the end so every iteration starts from the
 * same tree. `check` runs inside the transaction before the rollback.
 */
async function payAndRollBack(app: App, target: Target, check?: (tx: Tx) => Promise<void>) {
  const { ctx } = app;
  try {
    await ctx.db.transaction(async (tx) => {
      const isPaid = await markPurchasePaid(tx, ctx, {
        purchaseId: target.purchase.id,
        payment: { paymentId: 'pay_bench_tree', amountPaise: target.purchase.amountPaise, currency: 'INR' },
      });
      if (!isPaid) throw new Error(`purchase ${target.purchase.id} was not pending`);
      await check?.(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** As many statements as the purchase path sends, each doing nearly nothing: the cost of the round trips alone. */
async function roundTripsOnly(app: App, target: Target) {
  try {
    await app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < target.purchaseStatements; i += 1)
        await tx.select({ id: users.id }).from(users).where(eq(users.id, target.user.id));
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** Fails unless paying the purchase really activates the buyer and pays the target a commission. */
export async function checkPurchasePath(app: App, target: Target): Promise<void> {
  await payAndRollBack(app, target, async (tx) => {
    const commissions = await tx
      .select({ userId: walletTransactions.userId })
      .from(walletTransactions)
      .where(eq(walletTransactions.purchaseId, target.purchase.id));
    if (commissions.length !== 1 || commissions[0]!.userId !== target.user.id) {
      throw new Error(`paying purchase ${target.purchase.id} did not pay user ${target.user.id} one commission`);
    }
  });
}

export function scenariosFor(app: App, target: Target): Scenario[] {
  const { ctx } = app;
  const { user, token } = target;
  const deepPage = lastPage(target.directSubUsers, 10);
  return [
    { name: 'getLevelStatus (service)', run: () => getLevelStatus(ctx, { user }) },
    { name: 'GET /level-status', run: () => get(app, token, '/level-status') },
    {
      name: 'listSubUsers page 1 (service)',
      run: () => listSubUsers(ctx.db, { userId: user.id, page: 1, perPage: 10 }),
    },
    { name: 'GET /tree', run: () => get(app, token, '/tree') },
    { name: `GET /tree?page=${deepPage} (last)`, run: () => get(app, token, `/tree?page=${deepPage}`) },
    { name: 'GET /tree?status=active', run: () => get(app, token, '/tree?status=active') },
    { name: 'GET /tree?status=pending', run: () => get(app, token, '/tree?status=pending') },
    { name: 'GET /recent/tree', run: () => get(app, token, '/recent/tree') },
    { name: 'purchase paid: commission + level (rolled back)', run: () => payAndRollBack(app, target) },
    {
      name: 'floor: BEGIN, a primary-key read per statement of the purchase, ROLLBACK (round trips only)',
      run: () => roundTripsOnly(app, target),
      isFloor: true,
    },
  ];
}
