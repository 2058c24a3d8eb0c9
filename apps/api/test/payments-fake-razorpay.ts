import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '../src/app.ts';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createCourse } from './catalogue-fixtures.ts';
import type { Learner } from './fixtures.ts';

/**
 * A local stand-in for Razorpay's REST API, answering as https://razorpay.com/docs/api documents:
 * POST /v1/orders, GET /v1/orders/{id}/payments, POST /v1/payments/{id}/refund, GET
 * /v1/payments/{id}/refunds, basic auth with
 * key_id:key_secret, errors as { error: { code, description } }. Tests "pay" an order with
 * `capture`, which also computes the checkout signature and webhook bodies the way Razorpay does,
 * and give money back outside the API with `refundInDashboard` and `loseDispute` (a chargeback, opened first with
 * `openDispute` or lost at once); an open dispute can also be won or closed (`endDispute`), nothing deducted, and one
 * won opened again in a later phase (`reopenDispute`). GET /v1/disputes/{id} answers a dispute as it is now.
 */
export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, { id: string; amount: number; currency: string; receipt: string | null; status: string }>;
  /** created_at: when the payment was made, in Unix seconds, as Razorpay's payment entity says it. */
  payments: Map<
    string,
    {
      id: string;
      order_id: string;
      amount: number;
      currency: string;
      status: string;
      amount_refunded: number;
      created_at: number;
    }
  >;
  refunds: { id: string; payment_id: string; amount: number }[];
  /** respond_by: the Unix second by which the merchant must contest (Razorpay's dispute entity). */
  disputes: {
    id: string;
    payment_id: string;
    amount: number;
    amount_deducted: number;
    status: string;
    respond_by: number;
    /** Razorpay's phase: 'chargeback' when opened, a later one (pre_arbitration, arbitration) when opened again. */
    phase: string;
  }[];
  requests: { method: string; path: string; authorized: boolean }[];
  /**
   * A captured payment on the order, with the signature checkout.js would hand the browser; made `at` (else now, by
   * this machine's clock: a test that moves the app's clock says when the learner paid).
   */
  capture(
    orderId: string,
    options?: { amount?: number; currency?: string; at?: Date },
  ): { paymentId: string; signature: string };
  /** A failed attempt on the order. */
  fail(orderId: string): string;
  /** The next refund is made, but its answer never arrives (the connection drops, as on a timeout). */
  loseNextRefundAnswer(): void;
  /** An outage: every request is answered 503 until `isDown` is set back to false. */
  isDown: boolean;
  /**
   * A refund made in Razorpay's dashboard, outside the API (the whole payment, or `amount`): what the dashboard
   * does to the payment, without a webhook. Its id.
   */
  refundInDashboard(paymentId: string, amount?: number): string;
  /**
   * A chargeback the payer's bank raises on the payment (the whole charge, or `amount`, whatever was refunded since:
   * the bank disputes the card charge), open until `respondBy` (else seven days from now). Its id.
   */
  openDispute(paymentId: string, options?: { amount?: number; respondBy?: Date }): string;
  /**
   * A chargeback on the payment that the merchant lost: its open dispute, the whole of it deducted; else a new one,
   * lost at once (what was not refunded of the payment, or `amount`). Its id.
   */
  loseDispute(paymentId: string, amount?: number): string;
  /** The payment's open dispute won by the merchant, or closed (Razorpay's statuses): nothing deducted. Its id. */
  endDispute(paymentId: string, status: 'won' | 'closed'): string;
  /**
   * The payment's latest dispute, won or closed, opened again under its id in a later phase (Razorpay: a chargeback
   * won, then the bank's pre-arbitration). Its id.
   */
  reopenDispute(paymentId: string, phase: string): string;
  /**
   * A signed webhook delivery for the payment: body, headers. `refund.processed` is about the payment's latest
   * refund, the `payment.dispute.*` events about its latest dispute, with the payment as it is now.
   */
  webhook(
    event: 'payment.captured' | 'order.paid' | 'refund.processed' | DisputeEvent,
    paymentId: string,
    eventId?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Razorpay's dispute events (https://razorpay.com/docs/webhooks/disputes): each carries the payment and the dispute. */
type DisputeEvent =
  | 'payment.dispute.created'
  | 'payment.dispute.lost'
  | 'payment.dispute.won'
  | 'payment.dispute.closed'
  | 'payment.dispute.under_review'
  | 'payment.dispute.action_required';
const isDisputeEvent = (event: string): event is DisputeEvent => event.startsWith('payment.dispute.');

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

/**
 * The server's settings for the fake Razorpay: unlike the sandbox it has webhooks, and its books live outside our
 * database, so they can be held against ours.
 */
export function razorpayEnv(provider: FakeRazorpay): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: provider.keyId,
    RAZORPAY_KEY_SECRET: provider.keySecret,
    RAZORPAY_WEBHOOK_SECRET: provider.webhookSecret,
    RAZORPAY_API_URL: provider.url,
  };
}

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = 'rzp_test_fake';
  const keySecret = 'fake_key_secret_0123456789';
  const webhookSecret = 'fake_webhook_secret';
  const orders: FakeRazorpay['orders'] = new Map();
  const payments: FakeRazorpay['payments'] = new Map();
  const refunds: FakeRazorpay['refunds'] = [];
  const disputes: FakeRazorpay['disputes'] = [];
  const requests: FakeRazorpay['requests'] = [];
  let isNextRefundAnswerLost = false;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
    });
  const readJson = async (req: IncomingMessage): Promise<any> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
  };
  const paymentEntity = (p: FakeRazorpay['payments'] extends Map<string, infer V> ? V : never) => ({
    id: p.id,
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    order_id: p.order_id,
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: p.amount_refunded,
    refund_status: p.amount_refunded ? (p.amount_refunded === p.amount ? 'full' : 'partial') : null,
    captured: p.status === 'captured' || p.status === 'refunded',
    description: null,
    email: 'learner@example.com',
    contact: '+919999999999',
    notes: [],
    fee: null,
    tax: null,
    error_code: p.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    error_description: p.status === 'failed' ? 'Payment declined' : null,
    // When the payment was made, not when it is asked about.
    created_at: p.created_at,
  });

  // As Razorpay: a payment refunded in full is 'refunded'; in part, it stays 'captured'.
  const giveBack = (payment: FakeRazorpay['payments'] extends Map<string, infer V> ? V : never, amount: number) => {
    payment.amount_refunded += amount;
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    const refund = { id: id('rfnd'), payment_id: payment.id, amount };
    refunds.push(refund);
    return refund;
  };
  const refundEntity = (r: FakeRazorpay['refunds'][number]) => ({
    ...r,
    entity: 'refund',
    currency: payments.get(r.payment_id)?.currency ?? 'INR',
    notes: [],
    receipt: null,
    acquirer_data: { arn: null },
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
    created_at: Math.floor(Date.now() / 1000),
  });

  // Razorpay's dispute entity (https://razorpay.com/docs/api/disputes/entity).
  const disputeEntity = (d: FakeRazorpay['disputes'][number]) => ({
    ...d,
    entity: 'dispute',
    currency: payments.get(d.payment_id)?.currency ?? 'INR',
    reason_code: 'chargeback',
    reason_description: 'The cardholder does not recognise the transaction.',
    created_at: Math.floor(Date.now() / 1000),
  });

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', path, authorized });
    if (fake.isDown) return error(res, 503, 'Service Unavailable');
    if (!authorized) return error(res, 401, 'Authentication failed');
    try {
      if (req.method === 'POST' && path === '/v1/orders') {
        const body = await readJson(req);
        if (!Number.isInteger(body.amount) || body.amount < 100)
          return error(res, 400, 'The amount must be atleast INR 1.00');
        if (typeof body.receipt === 'string' && body.receipt.length > 40)
          return error(res, 400, 'receipt: the length must not be greater than 40.');
        const order = {
          id: id('order'),
          amount: body.amount,
          currency: body.currency ?? 'INR',
          receipt: body.receipt ?? null,
          status: 'created',
        };
        orders.set(order.id, order);
        return send(res, 200, {
          ...order,
          entity: 'order',
          amount_paid: 0,
          amount_due: order.amount,
          offer_id: null,
          attempts: 0,
          notes: [],
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      let match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && match) {
        if (!orders.has(match[1]!)) return error(res, 400, 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === match![1]).map(paymentEntity);
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      match = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
      if (req.method === 'GET' && match) {
        const payment = payments.get(match[1]!);
        if (!payment) return error(res, 400, 'The id provided does not exist');
        // Newest first, as Razorpay lists a collection.
        const items = refunds
          .filter((r) => r.payment_id === payment.id)
          .reverse()
          .map(refundEntity);
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && match) {
        const payment = payments.get(match[1]!);
        if (!payment) return error(res, 400, 'The id provided does not exist');
        const body = await readJson(req);
        const amount = body.amount ?? payment.amount - payment.amount_refunded;
        if (payment.status !== 'captured' || payment.amount_refunded + amount > payment.amount) {
          return error(res, 400, 'The refund amount provided is greater than amount captured');
        }
        const refund = giveBack(payment, amount);
        if (isNextRefundAnswerLost) {
          isNextRefundAnswerLost = false;
          res.socket?.destroy();
          return;
        }
        return send(res, 200, refundEntity(refund));
      }
      match = /^\/v1\/disputes\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const dispute = disputes.find((d) => d.id === match![1]);
        if (!dispute) return error(res, 400, 'The id provided does not exist');
        return send(res, 200, disputeEntity(dispute));
      }
      return error(res, 404, 'The requested URL was not found on the server.');
    } catch (e) {
      return error(res, 400, (e as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeRazorpay = {
    url: `http://127.0.0.1:${port}`,
    isDown: false,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    disputes,
    requests,
    capture(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment = {
        id: id('pay'),
        order_id: orderId,
        amount: options.amount ?? order.amount,
        currency: options.currency ?? order.currency,
        status: 'captured',
        amount_refunded: 0,
        created_at: Math.floor((options.at?.getTime() ?? Date.now()) / 1000),
      };
      payments.set(payment.id, payment);
      order.status = 'paid';
      return { paymentId: payment.id, signature: hmac(keySecret, `${orderId}|${payment.id}`) };
    },
    loseNextRefundAnswer() {
      isNextRefundAnswerLost = true;
    },
    fail(orderId) {
      const order = orders.get(orderId)!;
      const payment = {
        id: id('pay'),
        order_id: orderId,
        amount: order.amount,
        currency: order.currency,
        status: 'failed',
        amount_refunded: 0,
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.set(payment.id, payment);
      order.status = 'attempted';
      return payment.id;
    },
    refundInDashboard(paymentId, amount) {
      const payment = payments.get(paymentId)!;
      return giveBack(payment, amount ?? payment.amount - payment.amount_refunded).id;
    },
    openDispute(paymentId, options = {}) {
      const payment = payments.get(paymentId)!;
      const dispute = {
        id: id('disp'),
        payment_id: paymentId,
        amount: options.amount ?? payment.amount,
        // Nothing is deducted while the dispute is open (Razorpay: 0 unless lost).
        amount_deducted: 0,
        status: 'open',
        respond_by: Math.floor((options.respondBy?.getTime() ?? Date.now() + 7 * 86_400_000) / 1000),
        phase: 'chargeback',
      };
      disputes.push(dispute);
      return dispute.id;
    },
    loseDispute(paymentId, amount) {
      const payment = payments.get(paymentId)!;
      // A lost dispute takes the money from the merchant's balance; the payment stays 'captured', not refunded.
      const open = disputes.find((d) => d.payment_id === paymentId && d.status === 'open');
      if (open) {
        open.status = 'lost';
        open.amount_deducted = amount ?? open.amount;
        return open.id;
      }
      const disputed = amount ?? payment.amount - payment.amount_refunded;
      const dispute = {
        id: id('disp'),
        payment_id: paymentId,
        amount: disputed,
        amount_deducted: disputed,
        status: 'lost',
        respond_by: Math.floor(Date.now() / 1000),
        phase: 'chargeback',
      };
      disputes.push(dispute);
      return dispute.id;
    },
    endDispute(paymentId, status) {
      const open = disputes.find((d) => d.payment_id === paymentId && d.status === 'open');
      if (!open) throw new Error(`no open dispute on ${paymentId}`);
      open.status = status;
      return open.id;
    },
    reopenDispute(paymentId, phase) {
      const ended = disputes.filter((d) => d.payment_id === paymentId).at(-1);
      if (!ended || (ended.status !== 'won' && ended.status !== 'closed'))
        throw new Error(`no dispute won or closed on ${paymentId}`);
      ended.status = 'open';
      ended.phase = phase;
      return ended.id;
    },
    webhook(event, paymentId, eventId = id('evt')) {
      const payment = payments.get(paymentId)!;
      const order = orders.get(payment.order_id)!;
      const payload: Record<string, unknown> = { payment: { entity: paymentEntity(payment) } };
      if (event === 'refund.processed') {
        const refund = refunds.filter((r) => r.payment_id === paymentId).at(-1)!;
        payload.refund = { entity: refundEntity(refund) };
      }
      if (isDisputeEvent(event)) {
        const dispute = disputes.filter((d) => d.payment_id === paymentId).at(-1)!;
        payload.dispute = { entity: disputeEntity(dispute) };
      }
      if (event === 'order.paid') {
        payload.order = {
          entity: {
            id: order.id,
            entity: 'order',
            amount: order.amount,
            amount_paid: order.amount,
            amount_due: 0,
            currency: order.currency,
            receipt: order.receipt,
            status: 'paid',
          },
        };
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains:
          event === 'order.paid'
            ? ['payment', 'order']
            : event === 'refund.processed'
              ? ['refund', 'payment']
              : isDisputeEvent(event)
                ? ['payment', 'dispute']
                : ['payment'],
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

/** A webhook as the fake Razorpay signs it (`FakeRazorpay.webhook`): the raw body and its headers. */
export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Posts a webhook to the app as Razorpay does: the raw signed body, untouched. */
export function deliverWebhook(t: TestApp, delivery: WebhookDelivery) {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/payments/razorpay/webhook`,
    payload: delivery.body,
    headers: delivery.headers,
  });
}

/** A test app that takes payments through a fake Razorpay started for it; `close` stops both. */
export async function createRazorpayTestApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const rzp = await startFakeRazorpay();
  try {
    const t = await createTestApp({ ...options, env: { ...razorpayEnv(rzp), ...options.env } });
    const close = async () => {
      await t.close();
      await rzp.close();
    };
    return { t, rzp, close };
  } catch (error) {
    await rzp.close();
    throw error;
  }
}

/**
 * A learner's paid purchase of a new course at `pricePaise`, as the browser makes it: POST /checkout, Razorpay's
 * checkout (the fake captures the payment), then POST /pay-now with the signature.
 */
export async function buyThroughRazorpay(t: TestApp, rzp: FakeRazorpay, buyer: Learner, pricePaise = 39_900) {
  const course = await createCourse(t.app, { pricePaise });
  const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
  expect(res.statusCode).toBe(200);
  const order = res.body.data as { purchase_id: number; order_id: string };
  const { paymentId, signature } = rzp.capture(order.order_id);
  const paid = await t.client
    .as(buyer.token)
    .post('/pay-now', { payment_id: paymentId, order_id: order.order_id, signature });
  expect(paid.statusCode).toBe(200);
  return { purchaseId: order.purchase_id, orderId: order.order_id, paymentId, courseId: course.id };
}
