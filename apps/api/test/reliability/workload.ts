import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { adminMessages, checkoutMessages, walletMessages } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import type { App } from '../../src/app.ts';
import {
  reconcilePendingPurchases,
  type ReconcileReport,
} from '../../src/services/payments/reconcile-pending-purchases.ts';
import { saveBankDetails } from '../../src/services/profile/index.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createLearner } from '../fixtures.ts';
import { BUSINESS_TEST_ENV, createTestApp, postgresUrlOf, type TestApp } from '../helpers.ts';
import { razorpayEnv, startFakeRazorpay, type FakeRazorpay } from '../payments-fake-razorpay.ts';
import { exchange } from './http-exchange.ts';
import { serverProcess, type ServerProcess } from './server-process.ts';
import { creditPoints, setReferenceData, validBank } from '../wallet-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts';

/**
 * The randomised money workload of the reliability tests: learners in referral chains buying
 * courses through the payment flow (with duplicate confirmations), redeeming points and
 * withdrawing (with Idempotency-Keys, replayed and raced), and operators settling withdrawals and
 * refunding purchases, concurrently. Everything goes over real HTTP to a listening server.
 */

// ---------------------------------------------------------------- randomness

export interface Random {
  (): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** One of the names, with the given relative weights. */
  weighted<K extends string>(weights: Record<K, number>): K;
}

/** mulberry32: small, fast and seedable, so a failing run can be replayed from its printed seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return Object.assign(next, {
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]!,
    chance: (probability: number) => next() < probability,
    weighted<K extends string>(weights: Record<K, number>): K {
      const entries = Object.entries(weights) as [K, number][];
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [name, weight] of entries) {
        roll -= weight;
        if (roll < 0) return name;
      }
      return entries[entries.length - 1]![0];
    },
  });
}

/** The seed of this run: LEDGER_SEED to replay one, otherwise a fresh one. */
export function runSeed(): number {
  const given = Number(process.env.LEDGER_SEED);
  return Number.isSafeInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

// ---------------------------------------------------------------- the world

export interface WorldLearner {
  id: number;
  token: string;
  /** Courses this learner's client believes are owned: it does not start buying those again. */
  owned: Set<number>;
}

export interface World {
  learners: WorldLearner[];
  operators: { id: number; token: string }[];
  courses: { id: number; pricePaise: number }[];
}

export interface WorldShape {
  learners: number;
  /** Only the first `referrers` learners refer others, so each of them gathers several sub-users (levels). */
  referrers: number;
  operators: number;
  courses: number;
  /** Points every learner starts with (as quiz points), so redeems and then withdrawals have something to move. */
  startingPoints: number;
}

export const DEFAULT_WORLD: WorldShape = {
  learners: 150,
  referrers: 40,
  operators: 3,
  courses: 40,
  startingPoints: 5_000,
};

/**
 * Writes the world straight to the database through the fixtures (no logins: each client gets its
 * token once, issued directly). Each learner refers back to an earlier one, so the referral tree
 * has chains and siblings; every learner has bank details of their own (shared ones would make
 * every sign-up a self-referral) and starting points.
 */
export async function prepareWorld(app: App, random: Random, shape: WorldShape = DEFAULT_WORLD): Promise<World> {
  await setReferenceData(app);
  const courses = [];
  for (let i = 0; i < shape.courses; i++) {
    const pricePaise = random.int(1, 20) * 5_000;
    courses.push({ id: (await createCourse(app, { pricePaise })).id, pricePaise });
  }
  const learners: WorldLearner[] = [];
  for (let i = 0; i < shape.learners; i++) {
    const referrer = i === 0 ? undefined : learners[random.int(0, Math.min(i, shape.referrers) - 1)];
    const learner = await createLearner(app, referrer ? { referrerId: referrer.id } : {});
    const [user] = await app.ctx.db.select().from(users).where(eq(users.id, learner.id));
    await saveBankDetails(app.ctx, { user: user!, input: bankDetailsOf(i) });
    await creditPoints(app, learner.id, shape.startingPoints);
    learners.push({ id: learner.id, token: learner.token, owned: new Set() });
  }
  const operators = [];
  for (let i = 0; i < shape.operators; i++) {
    const operator = await createAdmin(app);
    operators.push({ id: operator.id, token: operator.token });
  }
  return { learners, operators, courses };
}

function bankDetailsOf(index: number) {
  const serial = String(index).padStart(4, '0');
  return { ...validBank, account_number: `10000000${serial}`, pan_card: `ABCDE${serial}F` };
}

/** The APP_SECRET the setup app and the server process share (production refuses the development one). */
const APP_SECRET = 'reliability-test-secret-0123456789abcdef';

/**
 * The reconciler a day later: past its expiry, every purchase still pending is either confirmed
 * (paid at the provider, the browser closed) or closed and failed. Runs until nothing is left.
 */
export async function reconcileADayLater(t: TestApp): Promise<ReconcileReport> {
  t.clock.advance(25 * 3_600_000);
  const batchSize = 500;
  const total: ReconcileReport = { checked: 0, paid: 0, failed: 0, stillPending: 0, errors: 0 };
  for (;;) {
    const report = await reconcilePendingPurchases(t.app.ctx, { batchSize });
    for (const key of Object.keys(total) as (keyof ReconcileReport)[]) total[key] += report[key];
    if (report.checked < batchSize || report.paid + report.failed === 0) return total;
  }
}

// ---------------------------------------------------------------- HTTP

export interface Answer {
  status: number;
  body: any;
  /** The Idempotent-Replayed header, for redeem and withdraw. */
  replayed: string | null;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  /** Sent exactly as given (a signed webhook body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

const XSRF = 'reliability-xsrf';
/** How long a crash-surviving client keeps retrying one request while the server restarts. */
const RETRY_FOR_MS = 60_000;

/** The error when nothing listens: the request never reached a server. */
function isRefused(error: unknown): boolean {
  return (error as { code?: string }).code === 'ECONNREFUSED';
}

/** The clients' connections, kept open between requests as a browser keeps them. */
const keepAlive = new Agent({ keepAlive: true });

/**
 * Calls the API as the web client does (prefix, XSRF echo, bearer token). A client that survives
 * crashes retries a request whose connection failed, unchanged (same Idempotency-Key), until the
 * server is back: every endpoint used here is safe to repeat (keys, or forward-only updates).
 */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly report: WorkloadReport;
  private readonly survivesCrashes: boolean;

  constructor(baseUrl: string, report: WorkloadReport, survivesCrashes: boolean) {
    this.baseUrl = baseUrl;
    this.report = report;
    this.survivesCrashes = survivesCrashes;
  }

  async call(call: Call): Promise<Answer> {
    const started = Date.now();
    for (;;) {
      try {
        return await this.once(call);
      } catch (error) {
        if (!this.survivesCrashes || Date.now() - started > RETRY_FOR_MS) throw error;
        if (isRefused(error)) this.report.refused++;
        else this.report.interrupted++;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  }

  private async once(call: Call): Promise<Answer> {
    const headers: Record<string, string> = {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    };
    const res = await exchange(
      `${this.baseUrl}/live-connect/api${call.path}`,
      { method: call.method, headers, agent: keepAlive, signal: AbortSignal.timeout(RETRY_FOR_MS) },
      call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
    );
    const replayed = res.headers['idempotent-replayed'];
    return { status: res.status, body: res.body, replayed: typeof replayed === 'string' ? replayed : null };
  }
}

// ---------------------------------------------------------------- the run

export interface WorkloadOptions {
  baseUrl: string;
  world: World;
  provider: FakeRazorpay;
  operations: number;
  clients: number;
  seed: number;
  /**
   * The server is killed and restarted during the run: connection errors are retried, and an
   * answer that only a lost first attempt explains (a retried settlement finding it already
   * settled) is accepted. Without it, any connection error fails the run.
   */
  survivesCrashes?: boolean;
  /** Told the number of each operation as it starts (the crash test kills the server at chosen points). */
  onOperation?: (started: number) => void;
}

export interface WorkloadReport {
  seed: number;
  /** How often each operation and each of its answers happened, e.g. 'withdraw 200', 'buy storm'. */
  counts: Record<string, number>;
  /** What no correct server answers (a 5xx, two settlements of one withdrawal, a replay that differs); empty when all is well. */
  failures: string[];
  /** Requests cut off by a crash after they were sent, and requests refused while the server was down: all retried. */
  interrupted: number;
  refused: number;
}

type Operation = 'buy' | 'redeem' | 'withdraw' | 'settle' | 'refund';
const OPERATION_WEIGHTS: Record<Operation, number> = { buy: 35, redeem: 15, withdraw: 22, settle: 14, refund: 14 };

/**
 * How a purchase gets confirmed. 'storm' sends /pay-now twice and three webhook deliveries (two
 * of the same event) at once; 'browser-closed' leaves it to the reconciler; 'abandoned' never
 * pays; 'two-tabs' opens two checkouts of one course and pays both (one must be refunded).
 */
const PAYMENT_WEIGHTS = {
  'pay-now': 35,
  webhook: 20,
  storm: 20,
  'browser-closed': 5,
  abandoned: 5,
  'declined-then-paid': 7,
  'two-tabs': 8,
} as const;

/** How a redeem or withdrawal is sent: once, then again with its key, several at once, or its key reused for another body. */
const REPEAT_WEIGHTS = { once: 55, replay: 20, concurrent: 20, 'key-reused': 5 } as const;

interface PaidPurchase {
  purchaseId: number;
  courseId: number;
  learner: WorldLearner;
}

const ok = (status: number) => status === 200;
type Expected = readonly (number | readonly [number, string])[];

/** State the clients share: what operators can settle or refund, and what was settled or refunded already. */
class Shared {
  readonly report: WorkloadReport;
  readonly refundable: PaidPurchase[] = [];
  pendingWithdrawals: number[] = [];
  /** Withdrawals an operator is settling right now: a fresh list leaves them out. */
  readonly settling = new Set<number>();
  readonly settled = new Set<number>();
  readonly refunded = new Set<number>();
  /** Captured payments by order: a learner who comes back to a paid order confirms that payment, never pays twice. */
  readonly paymentOfOrder = new Map<string, { paymentId: string; signature: string }>();
  started = 0;

  readonly options: WorkloadOptions;

  constructor(options: WorkloadOptions) {
    this.options = options;
    this.report = { seed: options.seed, counts: {}, failures: [], interrupted: 0, refused: 0 };
  }

  count(what: string): void {
    this.report.counts[what] = (this.report.counts[what] ?? 0) + 1;
  }

  fail(message: string): void {
    if (this.report.failures.length < 50) this.report.failures.push(message);
  }
}

/** Runs `operations` operations from `clients` concurrent clients; each client owns a slice of the learners. */
export async function runWorkload(options: WorkloadOptions): Promise<WorkloadReport> {
  const shared = new Shared(options);
  await Promise.all(
    Array.from({ length: options.clients }, (_, index) => {
      const learners = options.world.learners.filter((_, i) => i % options.clients === index);
      return new WorkloadClient(shared, index, learners).run();
    }),
  );
  return shared.report;
}

class WorkloadClient {
  private readonly random: Random;
  private readonly api: ApiClient;
  private sequence = 0;

  private readonly shared: Shared;
  private readonly index: number;
  private readonly learners: WorldLearner[];

  constructor(shared: Shared, index: number, learners: WorldLearner[]) {
    this.shared = shared;
    this.index = index;
    this.learners = learners;
    this.random = seededRandom(shared.options.seed * 7_919 + index);
    this.api = new ApiClient(shared.options.baseUrl, shared.report, shared.options.survivesCrashes ?? false);
  }

  async run(): Promise<void> {
    while (this.shared.started < this.shared.options.operations) {
      this.shared.started++;
      this.shared.options.onOperation?.(this.shared.started);
      const operation = this.random.weighted(OPERATION_WEIGHTS);
      this.shared.count(operation);
      try {
        await this.perform(operation);
      } catch (error) {
        this.shared.fail(`${operation}: ${(error as Error).message}`);
      }
    }
  }

  private perform(operation: Operation): Promise<void> {
    const learner = this.random.pick(this.learners);
    switch (operation) {
      case 'buy':
        return this.buy(learner);
      case 'redeem':
        return this.moveMoney(learner, 'redeem');
      case 'withdraw':
        return this.moveMoney(learner, 'withdraw');
      case 'settle':
        return this.settle();
      case 'refund':
        return this.refund();
    }
  }

  /** Checks an answer against what the endpoint may say; anything else is a failure. Returns the answer's status. */
  private expect(what: string, answer: Answer, allowed: Expected): number {
    this.shared.count(`${what} ${answer.status}`);
    const isAllowed = allowed.some((entry) =>
      typeof entry === 'number'
        ? entry === answer.status
        : entry[0] === answer.status && entry[1] === answer.body?.message,
    );
    if (!isAllowed)
      this.shared.fail(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.status;
  }

  private get survivesCrashes(): boolean {
    return this.shared.options.survivesCrashes ?? false;
  }

  private operator() {
    return this.random.pick(this.shared.options.world.operators);
  }

  // ---- buying

  private async buy(learner: WorldLearner): Promise<void> {
    const { courses } = this.shared.options.world;
    const available = courses.filter((course) => !learner.owned.has(course.id));
    if (available.length === 0) return;
    const course = this.random.pick(available);
    const way = this.random.weighted(PAYMENT_WEIGHTS);
    this.shared.count(`buy ${way}`);
    if (way === 'two-tabs') return this.buyInTwoTabs(learner, course.id);

    const order = await this.checkout(learner, course.id);
    if (!order) return;
    if (way === 'abandoned') return;
    const payment = this.payAtProvider(order.orderId, { declineFirst: way === 'declined-then-paid' });
    if (way === 'browser-closed') {
      // The reconciler settles it after the run; until then the client does not buy it again.
      learner.owned.add(course.id);
      return;
    }
    const confirmations =
      way === 'webhook'
        ? [this.webhook('payment.captured', payment.paymentId)]
        : way === 'storm'
          ? this.storm(learner, order.orderId, payment)
          : [this.payNow(learner, order.orderId, payment)];
    const answers = await Promise.all(confirmations);
    if (answers.some((isPaid) => isPaid)) this.bought({ purchaseId: order.purchaseId, courseId: course.id, learner });
  }

  /** Two /pay-now and three webhook deliveries at once (two of them the same event, as a provider retry). */
  private storm(
    learner: WorldLearner,
    orderId: string,
    payment: { paymentId: string; signature: string },
  ): Promise<boolean>[] {
    const captured = this.shared.options.provider.webhook('payment.captured', payment.paymentId);
    return [
      this.payNow(learner, orderId, payment),
      this.payNow(learner, orderId, payment),
      this.deliver(captured, 'payment.captured'),
      this.deliver(captured, 'payment.captured'),
      this.webhook('order.paid', payment.paymentId),
    ];
  }

  /** Two checkouts of one course at once, both paid: one purchase wins, the other payment must be refunded. */
  private async buyInTwoTabs(learner: WorldLearner, courseId: number): Promise<void> {
    const orders = await Promise.all([this.checkout(learner, courseId), this.checkout(learner, courseId)]);
    const distinct = [...new Map(orders.filter((o) => o !== null).map((o) => [o.purchaseId, o])).values()];
    const answers = await Promise.all(
      distinct.map((order) =>
        this.payNow(learner, order.orderId, this.payAtProvider(order.orderId), {
          alsoAllowed: [[400, checkoutMessages.courseAlreadyBought]],
        }).then((isPaid) => ({ order, isPaid })),
      ),
    );
    const winners = answers.filter((a) => a.isPaid);
    if (winners.length > 1)
      this.shared.fail(`two tabs: both purchases of course ${courseId} by user ${learner.id} were confirmed`);
    if (winners[0]) this.bought({ purchaseId: winners[0].order.purchaseId, courseId, learner });
  }

  private bought(purchase: PaidPurchase): void {
    purchase.learner.owned.add(purchase.courseId);
    this.shared.refundable.push(purchase);
  }

  private async checkout(
    learner: WorldLearner,
    courseId: number,
  ): Promise<{ purchaseId: number; orderId: string } | null> {
    const answer = await this.api.call({
      method: 'POST',
      path: '/checkout',
      token: learner.token,
      body: { course_id: courseId },
    });
    const status = this.expect('checkout', answer, [200, [400, checkoutMessages.courseAlreadyBought]]);
    if (status !== 200) {
      learner.owned.add(courseId);
      return null;
    }
    return { purchaseId: answer.body.data.purchase_id, orderId: answer.body.data.order_id };
  }

  /**
   * The card form submitted at the provider (after a declined card, when asked); an order already
   * paid (a checkout handed back again) keeps its payment.
   */
  private payAtProvider(
    orderId: string,
    options: { declineFirst?: boolean } = {},
  ): { paymentId: string; signature: string } {
    let payment = this.shared.paymentOfOrder.get(orderId);
    if (!payment) {
      if (options.declineFirst) this.shared.options.provider.fail(orderId);
      payment = this.shared.options.provider.capture(orderId);
      this.shared.paymentOfOrder.set(orderId, payment);
    }
    return payment;
  }

  /** True when the answer says the purchase is paid. */
  private async payNow(
    learner: WorldLearner,
    orderId: string,
    payment: { paymentId: string; signature: string },
    options: { alsoAllowed?: Expected } = {},
  ): Promise<boolean> {
    const answer = await this.api.call({
      method: 'POST',
      path: '/pay-now',
      token: learner.token,
      body: { payment_id: payment.paymentId, order_id: orderId, signature: payment.signature },
    });
    // An operator may refund the purchase between the webhook that paid it and this call.
    return ok(
      this.expect('pay-now', answer, [200, [400, checkoutMessages.orderClosed], ...(options.alsoAllowed ?? [])]),
    );
  }

  private webhook(event: 'payment.captured' | 'order.paid', paymentId: string): Promise<boolean> {
    return this.deliver(this.shared.options.provider.webhook(event, paymentId), event);
  }

  /** A signed webhook delivery; true when the server processed it (a repeat of a handled event answers 'duplicate'). */
  private async deliver(delivery: { body: string; headers: Record<string, string> }, event: string): Promise<boolean> {
    const answer = await this.api.call({
      method: 'POST',
      path: '/payments/razorpay/webhook',
      rawBody: delivery.body,
      headers: delivery.headers,
    });
    this.expect(`webhook ${event}`, answer, [200]);
    return answer.body?.data?.outcome === 'processed';
  }

  // ---- redeem and withdraw

  private async moveMoney(learner: WorldLearner, kind: 'redeem' | 'withdraw'): Promise<void> {
    const path = kind === 'redeem' ? '/redeem-point' : '/withdraw';
    const value =
      kind === 'redeem' ? this.random.int(50, 400) : this.random.int(100, 300) + this.random.pick([0, 0.5, 0.25]);
    const bodyOf = (n: number) => (kind === 'redeem' ? { point: n } : { amount: n });
    const body = bodyOf(value);
    const allowed: Expected =
      kind === 'redeem'
        ? [200, [422, walletMessages.pointAboveHeld], [400, walletMessages.insufficientPoints]]
        : [200, [422, walletMessages.amountAboveBalance], [400, walletMessages.insufficientBalance]];
    const key = `c${this.index}-${++this.sequence}`;
    const send = (sent: unknown) =>
      this.api.call({ method: 'POST', path, token: learner.token, body: sent, headers: { 'idempotency-key': key } });
    const repeat = this.random.weighted(REPEAT_WEIGHTS);
    this.shared.count(`${kind} ${repeat}`);

    if (repeat === 'concurrent') {
      const answers = await Promise.all(Array.from({ length: this.random.int(2, 3) }, () => send(body)));
      for (const answer of answers) this.expect(kind, answer, allowed);
      this.expectOneAnswer(`${kind} key ${key} sent ${answers.length} times at once`, answers);
      return;
    }
    const first = await send(body);
    this.expect(kind, first, allowed);
    if (repeat === 'replay') this.expectOneAnswer(`${kind} key ${key} replayed`, [first, await send(body)]);
    if (repeat === 'key-reused') {
      this.expect(`${kind} key reused`, await send(bodyOf(value + 1)), [[422, walletMessages.idempotencyKeyReused]]);
    }
  }

  /**
   * Every answer for one key is the same status and body. Without crashes exactly one of them ran
   * (Idempotent-Replayed: false) and the rest are replays; after a crash a retry may be the one that ran.
   */
  private expectOneAnswer(what: string, answers: Answer[]): void {
    const [first] = answers;
    if (answers.some((a) => a.status !== first!.status || !isDeepStrictEqual(a.body, first!.body))) {
      this.shared.fail(`${what}: different answers ${JSON.stringify(answers.map((a) => [a.status, a.body]))}`);
    }
    const ran = answers.filter((a) => a.replayed === 'false').length;
    if (!this.survivesCrashes && ran !== 1) this.shared.fail(`${what}: ${ran} answers were not replays`);
  }

  // ---- operators

  /** An operator settles the oldest pending withdrawal it knows of; sometimes two operators click at once. */
  private async settle(): Promise<void> {
    const id = await this.nextPendingWithdrawal();
    if (id === undefined) return;
    this.shared.settling.add(id);
    const attempts = this.random.chance(0.2) ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        this.api.call({
          method: 'POST',
          path: `/admin/withdrawals/${id}/settle`,
          token: this.operator().token,
          body: this.random.chance(0.6)
            ? { status: 'Done', bank_reference: `UTR${this.index}x${++this.sequence}` }
            : { status: 'Rejected', reason: 'The account name does not match.' },
        }),
      ),
    );
    const settled = answers.filter((answer) =>
      ok(this.expect('settle', answer, [200, [400, adminMessages.alreadySettled]])),
    );
    // A refund taking back money the withdrawal would have paid out may have rejected it first (decision 042).
    // (After a crash a lost first attempt is allowed anyway: expectOnce does not look.)
    if (settled.length === 0 && !this.survivesCrashes && (await this.stoppedByTakeBack(id)))
      this.shared.settled.add(id);
    this.expectOnce('settle', 'withdrawal', id, settled.length, this.shared.settled);
    this.shared.settling.delete(id);
  }

  /** Whether a refund's take-back rejected the withdrawal (the reason its description carries). */
  private async stoppedByTakeBack(id: number): Promise<boolean> {
    const answer = await this.api.call({
      method: 'GET',
      path: `/admin/withdrawals/${id}`,
      token: this.operator().token,
    });
    if (this.expect('get withdrawal', answer, [200]) !== 200) return false;
    const { status, description } = answer.body.data as { status: string; description: string };
    return status === 'Rejected' && description.includes('money it would have paid out was taken back');
  }

  private async nextPendingWithdrawal(): Promise<number | undefined> {
    if (this.shared.pendingWithdrawals.length === 0) {
      const answer = await this.api.call({
        method: 'GET',
        path: '/admin/withdrawals?status=Pending&per_page=50',
        token: this.operator().token,
      });
      if (this.expect('list withdrawals', answer, [200]) === 200 && this.shared.pendingWithdrawals.length === 0) {
        this.shared.pendingWithdrawals = answer.body.data.data
          .map((w: { id: number }) => w.id)
          .filter((id: number) => !this.shared.settling.has(id) && !this.shared.settled.has(id));
      }
    }
    return this.shared.pendingWithdrawals.shift();
  }

  /** An operator refunds a purchase some client saw paid; sometimes two operators click at once. */
  private async refund(): Promise<void> {
    const { refundable } = this.shared;
    if (refundable.length === 0) return;
    const purchase = refundable.splice(this.random.int(0, refundable.length - 1), 1)[0]!;
    const attempts = this.random.chance(0.2) ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        this.api.call({
          method: 'POST',
          path: `/admin/purchases/${purchase.purchaseId}/refund`,
          token: this.operator().token,
        }),
      ),
    );
    const refunded = answers.filter((answer) =>
      ok(
        this.expect('refund', answer, [
          200,
          [400, adminMessages.alreadyRefunded],
          [400, adminMessages.refundInProgress],
        ]),
      ),
    );
    this.expectOnce('refund', 'purchase', purchase.purchaseId, refunded.length, this.shared.refunded);
    if (refunded.length > 0) purchase.learner.owned.delete(purchase.courseId);
  }

  /**
   * An operator action on one row succeeds once over the whole run. Without crashes, a single
   * attempt on a row that was pending (or paid) when picked must succeed too; after a crash the
   * lost first attempt may be the one that did.
   */
  private expectOnce(what: string, row: string, id: number, successes: number, done: Set<number>): void {
    if (successes > 1 || (successes === 1 && done.has(id)))
      this.shared.fail(`${what}: ${row} ${id} succeeded more than once`);
    if (successes === 0 && !this.survivesCrashes && !done.has(id))
      this.shared.fail(`${what}: ${row} ${id} was never done`);
    if (successes > 0) done.add(id);
  }
}

/** The server runs as deployed: production mode, nothing logged per request, no demo seed. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // Production prints these on GST invoices, the privacy page and the terms.
  ...BUSINESS_TEST_ENV,
};

/** A run against the server as its own process: its database (reachable from the test too), world, provider and server. */
export interface ServedWorld {
  t: TestApp;
  provider: FakeRazorpay;
  world: World;
  server: ServerProcess;
  /** Stops the server and the provider, closes the database and removes the server's folder. */
  close(): Promise<void>;
}

/**
 * A fresh test database holding a world drawn from `random`, the local fake of Razorpay, and the
 * API started as its own process on `port` against both (PostgreSQL only: see postgresUrlOf).
 */
export async function serveWorld(options: {
  name: string;
  port: number;
  random: Random;
  shape?: WorldShape;
}): Promise<ServedWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), `rel-${options.name}-`));
  const opened: { t?: TestApp; provider?: FakeRazorpay; server?: ServerProcess; smtp?: TestSmtpServer } = {};
  const close = async () => {
    await opened.server?.stop();
    await opened.smtp?.close();
    await opened.t?.close();
    await opened.provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const provider = (opened.provider = await startFakeRazorpay());
    // Receipts and withdrawal mails go out through a real SMTP server, as in production.
    const smtp = (opened.smtp = await startSmtpServer());
    const t = (opened.t = await createTestApp({ env: { APP_SECRET, ...razorpayEnv(provider) } }));
    const world = await prepareWorld(t.app, options.random, options.shape);
    const server = (opened.server = serverProcess({
      port: options.port,
      logFile: join(dataDir, 'server.log'),
      env: {
        ...PRODUCTION_ENV,
        ...razorpayEnv(provider),
        SMTP_URL: smtp.url,
        APP_SECRET,
        DATABASE_URL: postgresUrlOf(t.app.ctx.database),
        DATA_DIR: dataDir,
      },
    }));
    await server.start();
    return { t, provider, world, server, close };
  } catch (error) {
    await close();
    throw error;
  }
}
