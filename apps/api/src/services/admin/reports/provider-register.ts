import { and, asc, eq, gt, gte, inArray, isNotNull, like, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, invoices, paymentEvents, purchases, users, type DbOrTx } from '@app/db';
import { rupeesToPaise } from '@app/contracts';
import { DISPUTE_AFTER_REFUND, PURCHASE_REFUND_REASONS, type ORPHAN_REASONS } from '../../payments/index.ts';
import { indiaIso } from './balances-register.ts';
import type { Period } from './period.ts';
import { indiaDay, toCsv, type Cell } from './to-csv.ts';

const HEADER = [
  'Date',
  'Time (IST)',
  'Event',
  'Payment id',
  'Order id',
  'Refund or dispute id',
  'Amount (₹)',
  'Purchase id',
  'Learner id',
  'Learner',
  'Invoice or credit note',
  'Reason',
  'Operator',
] as const;

/** The kinds of rows, in the order of the totals. */
export const PROVIDER_EVENTS = [
  'Payment',
  'Payment that bought nothing',
  'Refund of a payment that bought nothing',
  'Refund',
  'Partial refund at the provider',
  'Dispute lost after a refund',
] as const;
type ProviderEvent = (typeof PROVIDER_EVENTS)[number];

type OrphanReason = (typeof ORPHAN_REASONS)[keyof typeof ORPHAN_REASONS];

/** An orphan payment's reason (its refund claim's `reason`) in words. */
const ORPHAN_REASON_WORDS: Record<OrphanReason, string> = {
  'already owned': 'The learner already owned the course or batch (paid twice, in two tabs)',
  'order closed': 'The order was closed (failed or expired) before the money arrived',
  'offer code used up': "The offer code's uses went to others while the order waited",
  'order already paid': 'A second payment on an order already paid',
  'dispute lost before confirmed':
    "The payer's bank took it back (a dispute lost) before the payment was confirmed here; any rest refunded",
};

const SOURCE_WORDS: Record<string, string> = {
  'refund at the provider': "Refunded in Razorpay's dashboard",
  'dispute lost': 'Dispute lost',
};

interface Line {
  at: Date;
  event: ProviderEvent;
  paymentId: string | null;
  orderId: string | null;
  refundId: string | null;
  /** Money in positive, money out negative. */
  amountPaise: number;
  purchaseId: number | null;
  learnerId: number | null;
  learner: string | null;
  document: string | null;
  reason: string | null;
  operator: string | null;
}

const creditNote = alias(invoices, 'credit_note');
const operator = alias(users, 'operator');

/**
 * Every movement of money at the payment provider the API knows of in a period (decision 071), so that the month
 * ties out to the provider's settlement report:
 * - Payment: each purchase paid through the provider, dated as its invoice (the provider's time of the payment since
 *   decision 063's later work), or paid_at without one;
 * - Payment that bought nothing, and its Refund: the automatic refunds of orphan payments (the refund claims,
 *   `refund:<payment id>` rows of payment_events but those refunding a purchase: PURCHASE_REFUND_REASONS), the payment dated by the
 *   provider's time kept on the claim (else the claim's time), the refund by the claim's time; among them a payment
 *   the payer's bank took back by a dispute lost before its purchase was confirmed (its claim's refund id is the
 *   dispute's, or the rest's refund when the dispute took a part);
 * - Refund: each purchase refunded (by the operator, in Razorpay's dashboard, by a dispute lost), by refunded_at,
 *   with its credit note; the refund's or dispute's id from the refund's audit row (the operator's claim as a
 *   fallback). Its amount is what had not gone back already in part;
 * - Partial refund at the provider: a refund or lost dispute that left the purchase paid (its audit row only), the
 *   part it gave back being the rise in the audited `returned` (all given back so far);
 * - Dispute lost after a refund: a chargeback lost on a payment already given back (the purchase refunded, or a payment
 *   that bought nothing), the amount deducted (its `purchase.dispute_after_refund` audit row only): the payment's money
 *   left a second time.
 * Money in is positive, money out negative: the Amount column sums to the net. Then one total line per kind, money
 * in, money out and the net, the figure to compare with the provider's settlements before its fees.
 */
export async function providerRegister(db: DbOrTx, period: Period, provider: string): Promise<string> {
  const lines = [
    ...(await payments(db, period, provider)),
    ...(await orphans(db, period, provider)),
    ...(await refunds(db, period, provider)),
  ].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || PROVIDER_EVENTS.indexOf(a.event) - PROVIDER_EVENTS.indexOf(b.event),
  );

  const rows: Cell[][] = lines.map((line) => [
    indiaDay(line.at),
    indiaIso(line.at).slice(11, 19),
    line.event,
    line.paymentId,
    line.orderId,
    line.refundId,
    line.amountPaise,
    line.purchaseId === null ? null : String(line.purchaseId),
    line.learnerId === null ? null : String(line.learnerId),
    line.learner,
    line.document,
    line.reason,
    line.operator,
  ]);
  /** A summary line's cells after Date, Time and Event: the amount and a remark in the Reason column. */
  const blank = (amount: number, reason: string): Cell[] => [
    null,
    null,
    null,
    amount,
    null,
    null,
    null,
    null,
    reason,
    null,
  ];
  rows.push([]);
  for (const event of PROVIDER_EVENTS) {
    const of = lines.filter((line) => line.event === event);
    const sum = of.reduce((total, line) => total + line.amountPaise, 0);
    rows.push(['Total', null, event, ...blank(sum, `${of.length} ${of.length === 1 ? 'row' : 'rows'}`)]);
  }
  const moneyIn = lines.reduce((total, line) => total + Math.max(line.amountPaise, 0), 0);
  const moneyOut = lines.reduce((total, line) => total + Math.min(line.amountPaise, 0), 0);
  rows.push(['Money in', null, null, ...blank(moneyIn, 'Payments captured')]);
  rows.push(['Money out', null, null, ...blank(moneyOut, 'Refunds and disputes lost')]);
  rows.push([
    'Net',
    null,
    null,
    ...blank(
      moneyIn + moneyOut,
      "To compare with the provider's settlements of the period, before its fees and the GST on them (not known here)",
    ),
  ]);
  return toCsv(HEADER, rows);
}

const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();

/** A purchase's columns the rows show: its ids, its order and payment, its learner (purchases joined to users). */
const purchaseColumns = {
  purchaseId: purchases.id,
  paymentId: purchases.providerPaymentId,
  orderId: purchases.providerOrderId,
  learnerId: purchases.userId,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The purchases paid through the provider, by their invoice's date (else paid_at). */
async function payments(db: DbOrTx, period: Period, provider: string): Promise<Line[]> {
  const at = sql<Date>`coalesce(${invoices.issuedAt}, ${purchases.paidAt})`.mapWith(purchases.paidAt);
  const rows = await db
    .select({
      at,
      ...purchaseColumns,
      amountPaise: purchases.amountPaise,
      invoice: invoices.number,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(invoices, and(eq(invoices.purchaseId, purchases.id), eq(invoices.kind, 'invoice')))
    .where(
      and(
        eq(purchases.provider, provider),
        gt(purchases.amountPaise, 0),
        isNotNull(purchases.paidAt),
        isNotNull(purchases.providerPaymentId),
        gte(at, period.start),
        lt(at, period.end),
      ),
    )
    .orderBy(asc(at), asc(purchases.id));
  return rows.map((row) => ({
    at: row.at,
    event: 'Payment',
    paymentId: row.paymentId,
    orderId: row.orderId,
    refundId: null,
    amountPaise: row.amountPaise,
    purchaseId: row.purchaseId,
    learnerId: row.learnerId,
    learner: nameOf(row),
    document: row.invoice,
    reason: null,
    operator: null,
  }));
}

interface ClaimPayload {
  purchase_id?: number;
  amount_paise?: number;
  reason?: string;
  refund_id?: string;
  captured_at?: string;
}

/** When the orphan payment was made: the provider's time kept on its claim, never after the claim; else the claim's. */
function orphanPaidAt(payload: ClaimPayload, receivedAt: Date): Date {
  const captured = payload.captured_at ? new Date(payload.captured_at) : null;
  return captured && !Number.isNaN(captured.getTime()) && captured < receivedAt ? captured : receivedAt;
}

/**
 * The payments that bought nothing and their automatic refunds, from the refund claims (refund-claim.ts). A claim
 * whose refund the provider has not made yet (no refund id: it did not answer) lists the payment only.
 */
async function orphans(db: DbOrTx, period: Period, provider: string): Promise<Line[]> {
  const capturedAt = sql`(${paymentEvents.payload}->>'captured_at')::timestamptz`;
  const rows = await db
    .select({
      paymentEventId: paymentEvents.eventId,
      payload: paymentEvents.payload,
      receivedAt: paymentEvents.receivedAt,
      orderId: purchases.providerOrderId,
      learnerId: purchases.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(paymentEvents)
    .leftJoin(purchases, eq(purchases.id, sql`(${paymentEvents.payload}->>'purchase_id')::int`))
    .leftJoin(users, eq(users.id, purchases.userId))
    .where(
      and(
        eq(paymentEvents.provider, provider),
        like(paymentEvents.eventId, 'refund:%'),
        notInArray(sql`coalesce(${paymentEvents.payload}->>'reason', '')`, Object.values(PURCHASE_REFUND_REASONS)),
        lt(paymentEvents.receivedAt, period.end),
        // The payment may fall in the period while its refund, a moment later, falls in the next.
        or(gte(paymentEvents.receivedAt, period.start), gte(capturedAt, period.start)),
      ),
    )
    .orderBy(asc(paymentEvents.receivedAt));
  const lines: Line[] = [];
  for (const row of rows) {
    const payload = (row.payload ?? {}) as ClaimPayload;
    const amountPaise = Number(payload.amount_paise ?? 0);
    const reason = payload.reason
      ? (ORPHAN_REASON_WORDS[payload.reason as OrphanReason] ?? payload.reason)
      : 'A payment that bought nothing';
    const common = {
      paymentId: row.paymentEventId.slice('refund:'.length),
      orderId: row.orderId,
      purchaseId: typeof payload.purchase_id === 'number' ? payload.purchase_id : null,
      learnerId: row.learnerId,
      learner: nameOf(row),
      document: null,
      reason,
      operator: null,
    };
    const paidAt = orphanPaidAt(payload, row.receivedAt);
    if (paidAt >= period.start && paidAt < period.end) {
      lines.push({ ...common, at: paidAt, event: 'Payment that bought nothing', refundId: null, amountPaise });
    }
    if (payload.refund_id && row.receivedAt >= period.start) {
      lines.push({
        ...common,
        at: row.receivedAt,
        event: 'Refund of a payment that bought nothing',
        refundId: payload.refund_id,
        amountPaise: -amountPaise,
      });
    }
  }
  return lines;
}

interface RefundAuditAfter {
  refund_id?: string | null;
  dispute_id?: string | null;
  source?: string;
  returned?: number;
  /** A dispute lost after a refund: the amount deducted (rupees), its payment, and whether that bought nothing. */
  amount?: number;
  payment_id?: string;
  payment_bought_nothing?: boolean;
}

/** The audit rows that alone record money given back at the provider, listed by the day they were written. */
const AUDITED_ONLY = ['purchase.provider_partial_refund', DISPUTE_AFTER_REFUND];

/**
 * The purchases refunded in the period, and the partial refunds at the provider and the disputes lost after a refund
 * audited in it. A refund's amount is
 * what was paid less what partial refunds recorded before it gave back (the console refunds only the rest; the last
 * of several dashboard refunds is the rest), so that the rows of a payment add up to what went back.
 */
async function refunds(db: DbOrTx, period: Period, provider: string): Promise<Line[]> {
  const refunded = await db
    .select({
      at: purchases.refundedAt,
      ...purchaseColumns,
      amountPaise: purchases.amountPaise,
      creditNote: creditNote.number,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(creditNote, and(eq(creditNote.purchaseId, purchases.id), eq(creditNote.kind, 'credit_note')))
    .where(
      and(
        eq(purchases.provider, provider),
        eq(purchases.status, 'refunded'),
        gt(purchases.amountPaise, 0),
        // A purchase never paid (an orphan's own purchase, settled as refunded) is an orphan's row, not a refund.
        isNotNull(purchases.paidAt),
        isNotNull(purchases.providerPaymentId),
        gte(purchases.refundedAt, period.start),
        lt(purchases.refundedAt, period.end),
      ),
    )
    .orderBy(asc(purchases.refundedAt), asc(purchases.id));

  const auditedInPeriod = await db
    .select({ purchaseId: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'purchases'),
        inArray(auditLog.action, AUDITED_ONLY),
        gte(auditLog.createdAt, period.start),
        lt(auditLog.createdAt, period.end),
      ),
    );
  const ids = [
    ...new Set([...refunded.map((row) => String(row.purchaseId)), ...auditedInPeriod.map((r) => r.purchaseId!)]),
  ];
  if (ids.length === 0) return [];

  // Every refund audit row of these purchases up to the period's end: the partial ones (all of them, for what each
  // gave back), the full one (its ids, its source, its operator) and the disputes lost after it.
  const audits = await db
    .select({
      purchaseId: auditLog.entityId,
      action: auditLog.action,
      at: auditLog.createdAt,
      after: auditLog.after,
      firstName: operator.firstName,
      lastName: operator.lastName,
    })
    .from(auditLog)
    .leftJoin(operator, eq(operator.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, 'purchases'),
        inArray(auditLog.entityId, ids),
        inArray(auditLog.action, ['purchase.refund', ...AUDITED_ONLY]),
        lt(auditLog.createdAt, period.end),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  // The operators' claims: the refund id, should the audit row lack it.
  const claims = await db
    .select({ eventId: paymentEvents.eventId, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        inArray(
          paymentEvents.eventId,
          refunded.map((row) => `refund:${row.paymentId}`),
        ),
      ),
    );
  const claimedRefundId = new Map(
    claims.map((claim) => [claim.eventId.slice('refund:'.length), (claim.payload as ClaimPayload | null)?.refund_id]),
  );

  const purchaseRows = await db
    .select({
      ...purchaseColumns,
      provider: purchases.provider,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(inArray(purchases.id, ids.map(Number)));
  const purchaseOf = new Map(purchaseRows.map((row) => [String(row.purchaseId), row]));

  const lines: Line[] = [];
  /** Per purchase, the most audited as given back in part so far. */
  const returnedSoFar = new Map<string, number>();
  const fullAudit = new Map<string, (typeof audits)[number]>();
  for (const audit of audits) {
    const id = audit.purchaseId!;
    const after = (audit.after ?? {}) as RefundAuditAfter;
    if (audit.action === 'purchase.refund') {
      fullAudit.set(id, audit);
      continue;
    }
    const purchase = purchaseOf.get(id);
    if (!purchase || purchase.provider !== provider) continue;
    if (audit.action === DISPUTE_AFTER_REFUND) {
      if (audit.at < period.start) continue;
      lines.push({
        at: audit.at,
        event: 'Dispute lost after a refund',
        // An orphan's own payment, not the purchase's.
        paymentId: after.payment_id ?? purchase.paymentId,
        orderId: purchase.orderId,
        refundId: after.dispute_id ?? null,
        amountPaise: -(typeof after.amount === 'number' ? rupeesToPaise(after.amount) : 0),
        purchaseId: purchase.purchaseId,
        learnerId: purchase.learnerId,
        learner: nameOf(purchase),
        document: null,
        reason: after.payment_bought_nothing
          ? 'Dispute lost on a payment that bought nothing, refunded already'
          : 'Dispute lost on a purchase refunded already',
        operator: null,
      });
      continue;
    }
    const returned = typeof after.returned === 'number' ? rupeesToPaise(after.returned) : 0;
    const before = returnedSoFar.get(id) ?? 0;
    returnedSoFar.set(id, Math.max(before, returned));
    if (audit.at < period.start) continue;
    lines.push({
      at: audit.at,
      event: 'Partial refund at the provider',
      paymentId: purchase.paymentId,
      orderId: purchase.orderId,
      refundId: after.refund_id ?? after.dispute_id ?? null,
      amountPaise: -Math.max(returned - before, 0),
      purchaseId: purchase.purchaseId,
      learnerId: purchase.learnerId,
      learner: nameOf(purchase),
      document: null,
      reason: after.source ? `${SOURCE_WORDS[after.source] ?? after.source}, in part` : null,
      operator: null,
    });
  }
  for (const row of refunded) {
    const id = String(row.purchaseId);
    const audit = fullAudit.get(id);
    const after = (audit?.after ?? {}) as RefundAuditAfter;
    const byOperator = audit ? audit.firstName !== null : false;
    lines.push({
      at: row.at!,
      event: 'Refund',
      paymentId: row.paymentId,
      orderId: row.orderId,
      refundId: after.refund_id ?? after.dispute_id ?? claimedRefundId.get(row.paymentId!) ?? null,
      amountPaise: -Math.max(row.amountPaise - (returnedSoFar.get(id) ?? 0), 0),
      purchaseId: row.purchaseId,
      learnerId: row.learnerId,
      learner: nameOf(row),
      document: row.creditNote,
      reason: byOperator
        ? 'Refunded by an operator'
        : after.source
          ? (SOURCE_WORDS[after.source] ?? after.source)
          : null,
      operator: byOperator ? nameOf(audit!) : null,
    });
  }
  return lines;
}
