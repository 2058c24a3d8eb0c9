import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay's REST API, answering as https://razorpay.com/docs/api documents:
 * POST /v1/orders, GET /v1/orders/{id}/payments, POST /v1/payments/{id}/refund, GET
 * /v1/payments/{id}/refunds, basic auth with
 * key_id:key_secret, errors as { error: { code, description } }. Tests "pay" an order with
 * `capture`, which also computes the checkout signature and webhook bodies the way Razorpay does.
 */
export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, { id: string; amount: number; currency: string; receipt: string | null; status: string }>;
  payments: Map<
    string,
    { id: string; order_id: string; amount: number; currency: string; status: string; amount_refunded: number }
  >;
  refunds: { id: string; payment_id: string; amount: number }[];
  requests: { method: string; path: string; authorized: boolean }[];
  /** A captured payment on the order, with the signature checkout.js would hand the browser. */
  capture(orderId: string, options?: { amount?: number; currency?: string }): { paymentId: string; signature: string };
  /** A failed attempt on the order. */
  fail(orderId: string): string;
  /** The next refund is made, but its answer never arrives (the connection drops, as on a timeout). */
  loseNextRefundAnswer(): void;
  /** A signed webhook delivery for the payment: body, headers. */
  webhook(
    event: 'payment.captured' | 'order.paid',
    paymentId: string,
    eventId?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = 'rzp_test_fake';
  const keySecret = 'fake_key_secret_0123456789';
  const webhookSecret = 'fake_webhook_secret';
  const orders: FakeRazorpay['orders'] = new Map();
  const payments: FakeRazorpay['payments'] = new Map();
  const refunds: FakeRazorpay['refunds'] = [];
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
    captured: p.status === 'captured',
    description: null,
    email: 'learner@example.com',
    contact: '+919999999999',
    notes: [],
    fee: null,
    tax: null,
    error_code: p.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    error_description: p.status === 'failed' ? 'Payment declined' : null,
    created_at: Math.floor(Date.now() / 1000),
  });

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', path, authorized });
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
        const items = refunds
          .filter((r) => r.payment_id === payment.id)
          .map((r) => ({ ...r, entity: 'refund', currency: payment.currency, status: 'processed' }));
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
        payment.amount_refunded += amount;
        const refund = { id: id('rfnd'), payment_id: payment.id, amount };
        refunds.push(refund);
        if (isNextRefundAnswerLost) {
          isNextRefundAnswerLost = false;
          res.socket?.destroy();
          return;
        }
        return send(res, 200, {
          ...refund,
          entity: 'refund',
          currency: payment.currency,
          status: 'processed',
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      return error(res, 404, 'The requested URL was not found on the server.');
    } catch (e) {
      return error(res, 400, (e as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
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
      };
      payments.set(payment.id, payment);
      order.status = 'attempted';
      return payment.id;
    },
    webhook(event, paymentId, eventId = id('evt')) {
      const payment = payments.get(paymentId)!;
      const order = orders.get(payment.order_id)!;
      const payload: Record<string, unknown> = { payment: { entity: paymentEntity(payment) } };
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
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
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
}
