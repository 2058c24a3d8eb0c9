import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  checkoutMessages,
  SANDBOX_MESSAGE_SOURCE,
  type CheckoutData,
  type CourseItem,
  type ProviderPaymentResponse,
} from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok, type MockReply } from '@/testing/mock-api';
import { PassThrough, renderWithProviders, signIn } from '@/testing/test-utils';
import type { RazorpayOptions } from '../utils/razorpay';
import { CheckoutPage } from './checkout-page';

// rev-phone: patchy 4G. The provider has taken the money (its form posted 'success' with the signed payment), then
// the connection drops for the one POST /pay-now. The app threw the signed payment away, showed 'Could not reach the
// server…' in an alert and offered 'Pay Now' again; the pending order was reused, whose sandbox page then said 'This
// order has already been paid.' The course stayed locked until the reconciler (15 min + up to 5 min) or a webhook
// settled it, and nothing told the learner or parent that the money was taken. Decision 052.

const course: CourseItem = {
  id: 7,
  name: 'Foundations of Mathematics',
  photo_path: null,
  price: 999,
  offer_price: 499,
  about: 'Fractions and more.',
  video_path: null,
  category_id: 1,
  language: 'en',
};
const order: CheckoutData = {
  payment: true,
  purchase_id: 11,
  item: 'course',
  first_name: 'Asha',
  last_name: 'Nair',
  mobile: '9876543210',
  email: 'asha@example.com',
  course,
  price: 499,
  discount: 0,
  payable_amount: 499,
  order_id: 'order_ABCDEFGHIJKLMN',
  amount: 49900,
  currency: 'INR',
  key: 'rzp_test_sandbox',
  provider: 'sandbox',
  merchant_name: 'Live Connect',
  checkout_url: '/sandbox/checkout/order_ABCDEFGHIJKLMN',
};
const signed: ProviderPaymentResponse = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_ABCDEFGHIJKLMN',
  razorpay_signature: 'sig',
};
const paid = ok({ purchase_id: 11, status: 'paid', course_id: 7, batch_id: null });
const dropped = () => {
  throw new TypeError('Failed to fetch');
};

/** POST /pay-now answering each call in turn (the last answer repeats). */
function payNowAnswers(...answers: (MockReply | (() => never))[]) {
  let calls = 0;
  return () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return typeof answer === 'function' ? answer() : answer;
  };
}

async function openCheckout(handlers: Parameters<typeof mockApi>[0]) {
  const server = mockApi({ 'GET /course/7': ok(course), ...handlers });
  await signIn();
  const view = renderWithProviders(<CheckoutPage ConsentGate={PassThrough} />, {
    path: '/checkout/:course',
    url: '/checkout/7',
  });
  await screen.findByRole('heading', { name: course.name });
  return { ...view, server };
}

/** The sandbox page in its frame posts 'success' with the signed payment. */
async function sandboxPays(frameTitle = 'Payment form') {
  const frame = await screen.findByTitle(frameTitle);
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: window.location.origin,
      source: (frame as HTMLIFrameElement).contentWindow,
      data: { source: SANDBOX_MESSAGE_SOURCE, type: 'success', order_id: order.order_id, response: signed },
    }),
  );
}

describe('CheckoutPage on a connection that drops', () => {
  it('keeps the signed payment and confirms it again when the connection is back, instead of offering Pay Now', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, server, router } = await openCheckout({
      'POST /checkout': ok(order),
      'POST /pay-now': payNowAnswers(dropped, paid),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await sandboxPays();
    await waitFor(() => expect(server.callsTo('POST', '/pay-now')).toHaveLength(1));
    // The money is taken: the page says so and does not invite a second payment.
    expect(await screen.findByRole('status')).toHaveTextContent('Payment received — confirming it with the server…');
    expect(await screen.findByText(/Please do not pay again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByTitle('Payment form')).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    // Back online: the same signed payment is confirmed and the learner reaches Success.
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server.callsTo('POST', '/pay-now')).toHaveLength(2));
    expect(server.callsTo('POST', '/pay-now')[1]?.body).toEqual(server.callsTo('POST', '/pay-now')[0]?.body);
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?order=11');
    expect(server.callsTo('POST', '/checkout')).toHaveLength(1);
  });

  it("confirms Razorpay's handler answer again from 'Try again' after a server error", async () => {
    let options: RazorpayOptions | undefined;
    vi.stubGlobal(
      'Razorpay',
      class {
        constructor(given: RazorpayOptions) {
          options = given;
        }
        open() {}
      },
    );
    const { user, server, router } = await openCheckout({
      'POST /checkout': ok({ ...order, provider: 'razorpay', key: 'rzp_test_key', checkout_url: null }),
      'POST /pay-now': payNowAnswers(fail(502, 'Bad Gateway'), paid),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(options).toBeDefined());
    options!.handler(signed);
    await waitFor(() => expect(server.callsTo('POST', '/pay-now')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(server.callsTo('POST', '/pay-now').map((call) => call.body)).toEqual([
      { payment_id: 'pay_1', order_id: 'order_ABCDEFGHIJKLMN', signature: 'sig' },
      { payment_id: 'pay_1', order_id: 'order_ABCDEFGHIJKLMN', signature: 'sig' },
    ]);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('confirms the kept payment when the page is opened again in the same tab, without a new order', async () => {
    const first = await openCheckout({ 'POST /checkout': ok(order), 'POST /pay-now': dropped });
    await first.user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await sandboxPays();
    await waitFor(() => expect(first.server.callsTo('POST', '/pay-now')).toHaveLength(1));
    await screen.findByText(/Please do not pay again/);
    first.unmount();

    // A reload: the webhook has settled the order meanwhile, so /pay-now answers 200 at once (services/payments/pay-now.ts).
    const again = await openCheckout({ 'POST /checkout': ok(order), 'POST /pay-now': paid });
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/success'));
    expect(again.server.callsTo('POST', '/pay-now')[0]?.body).toEqual({
      payment_id: 'pay_1',
      order_id: 'order_ABCDEFGHIJKLMN',
      signature: 'sig',
    });
    expect(again.server.callsTo('POST', '/checkout')).toHaveLength(0);
  });

  it("keeps waiting while the server cannot reach the provider, in the learner's language", async () => {
    await applyLanguage('hi');
    const texts = hi.checkout;
    const { user, server } = await openCheckout({
      'POST /checkout': ok(order),
      'POST /pay-now': fail(400, hi.messages.checkout.providerUnavailable),
    });
    await user.click(screen.getByRole('button', { name: texts.payNow }));
    await sandboxPays(texts.sandbox.frame);
    await waitFor(() => expect(server.callsTo('POST', '/pay-now')).toHaveLength(1));
    expect(await screen.findByText(texts.confirming.text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(texts.confirming.title);
    expect(screen.queryByRole('button', { name: texts.payNow })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.confirming.retry })).toBeEnabled();
  });

  it('offers Pay Now again, with the reason, once the server refuses the kept payment for good', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, server } = await openCheckout({
      'POST /checkout': ok(order),
      'POST /pay-now': payNowAnswers(dropped, fail(400, checkoutMessages.orderClosed)),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await sandboxPays();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(checkoutMessages.orderClosed));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(server.callsTo('POST', '/pay-now')).toHaveLength(2);
    expect(sessionStorage.length).toBe(0);
  });
});
