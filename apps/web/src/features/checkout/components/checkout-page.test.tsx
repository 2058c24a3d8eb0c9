import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_MESSAGE_SOURCE, type CheckoutData, type CourseItem } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { PassThrough, renderWithProviders, signIn } from '@/testing/test-utils';
import { CheckoutPage } from './checkout-page';

const course = (overrides: Partial<CourseItem> = {}): CourseItem => ({
  id: 7,
  name: 'Foundations of Mathematics',
  photo_path: null,
  price: 999,
  offer_price: 499,
  about: 'Fractions and more.',
  video_path: null,
  category_id: 1,
  language: 'en',
  ...overrides,
});
const welcome10 = { code: 'WELCOME10', is_fixed_amount: false, discount: 10, minimum_amount: 0 };
const flat50 = { code: 'FLAT50', is_fixed_amount: true, discount: 50, minimum_amount: 200 };

const checkoutData = (overrides: Partial<CheckoutData> = {}): CheckoutData => ({
  payment: true,
  purchase_id: 11,
  item: 'course',
  first_name: 'Asha',
  last_name: 'Nair',
  mobile: '9876543210',
  email: 'asha@example.com',
  course: course(),
  price: 499,
  discount: 49.9,
  payable_amount: 449.1,
  order_id: 'order_ABCDEFGHIJKLMN',
  amount: 44910,
  currency: 'INR',
  key: 'rzp_test_sandbox',
  provider: 'sandbox',
  merchant_name: 'Live Connect',
  checkout_url: '/sandbox/checkout/order_ABCDEFGHIJKLMN',
  ...overrides,
});

/** The amount shown on a line of the summary. */
const line = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openCheckout(handlers: Parameters<typeof mockApi>[0], item = course()) {
  const server = mockApi({ 'GET /course/7': ok(item), ...handlers });
  await signIn();
  const view = renderWithProviders(<CheckoutPage ConsentGate={PassThrough} />, {
    path: '/checkout/:course',
    url: '/checkout/7',
  });
  await screen.findByRole('heading', { name: item.name });
  return { ...view, server };
}

describe('CheckoutPage', () => {
  it('shows the course and its offer price with no discount before a code is applied', async () => {
    const { container } = await openCheckout({});
    expect(line('Price')).toBe('₹499.00');
    expect(line('Discount')).toBe('₹0.00');
    expect(line('Payment Amount')).toBe('₹499.00');
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/course-placeholder.svg');
  });

  it('applies WELCOME10: 10% of the offer price off', async () => {
    const { user, server } = await openCheckout({ 'GET /fetch-code/WELCOME10': ok(welcome10) });
    await user.type(screen.getByLabelText('Offer code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Offer code WELCOME10 applied.')).toBeInTheDocument();
    expect(line('Price')).toBe('₹499.00');
    expect(line('Discount')).toBe('₹49.90');
    expect(line('Payment Amount')).toBe('₹449.10');
    expect(server.callsTo('GET', '/fetch-code/WELCOME10').map((call) => call.search)).toEqual(['?for=course']);
  });

  it('applies FLAT50 above its minimum: ₹50 off', async () => {
    const { user } = await openCheckout({ 'GET /fetch-code/FLAT50': ok(flat50) });
    await user.type(screen.getByLabelText('Offer code'), 'FLAT50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Offer code FLAT50 applied.');
    expect(line('Discount')).toBe('₹50.00');
    expect(line('Payment Amount')).toBe('₹449.00');
  });

  it('gives no FLAT50 discount below its minimum of ₹200', async () => {
    const { user } = await openCheckout(
      { 'GET /fetch-code/FLAT50': ok(flat50) },
      course({ price: 249, offer_price: 149.5 }),
    );
    await user.type(screen.getByLabelText('Offer code'), 'FLAT50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Offer code FLAT50 applied.');
    expect(line('Price')).toBe('₹149.50');
    expect(line('Discount')).toBe('₹0.00');
    expect(line('Payment Amount')).toBe('₹149.50');
    expect(screen.getByText('This code gives a discount on courses of ₹200.00 or more.')).toBeInTheDocument();
  });

  it('ignores a refused code silently and applies nothing', async () => {
    const { user, server } = await openCheckout({
      'GET /fetch-code/WELCOME10': ok(welcome10),
      'GET /fetch-code/NOPE': fail(400, 'Invalid offer code.'),
    });
    await user.type(screen.getByLabelText('Offer code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Offer code WELCOME10 applied.');
    await user.clear(screen.getByLabelText('Offer code'));
    await user.type(screen.getByLabelText('Offer code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.callsTo('GET', '/fetch-code/NOPE')).toHaveLength(1));
    await waitFor(() => expect(line('Discount')).toBe('₹0.00'));
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("reads 'Please wait few seconds....' while paying, sends the applied code, and goes to success when nothing is to be paid", async () => {
    const pending = deferred();
    const { user, server, router } = await openCheckout({
      'GET /fetch-code/WELCOME10': ok(welcome10),
      'POST /checkout': pending.handler,
    });
    await user.type(screen.getByLabelText('Offer code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Offer code WELCOME10 applied.');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('button', { name: 'Please wait few seconds....' })).toBeDisabled();
    pending.release(
      ok(checkoutData({ payment: false, provider: 'free', order_id: null, checkout_url: null, amount: 0 })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    // No provider order on a free purchase: the purchase id names it.
    expect(router.state.location.search).toBe('?order=11');
    expect(server.callsTo('POST', '/checkout')[0]?.body).toEqual({ course_id: 7, offer_code: 'WELCOME10' });
  });

  it('opens the sandbox checkout page and confirms its payment through /pay-now', async () => {
    const { user, server, router } = await openCheckout({
      'POST /checkout': ok(checkoutData()),
      'POST /pay-now': ok({ purchase_id: 11, status: 'paid', course_id: 7, batch_id: null }),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const frame = await screen.findByTitle('Payment form');
    expect(frame).toHaveAttribute('src', '/sandbox/checkout/order_ABCDEFGHIJKLMN?lang=en');
    expect(screen.getByRole('button', { name: 'Please wait few seconds....' })).toBeDisabled();

    const response = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_ABCDEFGHIJKLMN',
      razorpay_signature: 'sig',
    };
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        source: (frame as HTMLIFrameElement).contentWindow,
        data: { source: SANDBOX_MESSAGE_SOURCE, type: 'success', order_id: 'order_ABCDEFGHIJKLMN', response },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?order=11');
    expect(server.callsTo('POST', '/pay-now')[0]?.body).toEqual({
      payment_id: 'pay_1',
      order_id: 'order_ABCDEFGHIJKLMN',
      signature: 'sig',
    });
  });

  it('ignores messages from other origins', async () => {
    const { user, server } = await openCheckout({ 'POST /checkout': ok(checkoutData()) });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const frame = await screen.findByTitle('Payment form');
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        source: (frame as HTMLIFrameElement).contentWindow,
        data: { source: SANDBOX_MESSAGE_SOURCE, type: 'success', order_id: 'order_ABCDEFGHIJKLMN', response: {} },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.callsTo('POST', '/pay-now')).toHaveLength(0);
  });

  it('shows a payment confirmation error in a browser alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = await openCheckout({
      'POST /checkout': ok(checkoutData()),
      'POST /pay-now': fail(400, 'Payment verification failed.'),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const frame = await screen.findByTitle('Payment form');
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        source: (frame as HTMLIFrameElement).contentWindow,
        data: {
          source: SANDBOX_MESSAGE_SOURCE,
          type: 'success',
          order_id: 'order_ABCDEFGHIJKLMN',
          response: {
            razorpay_payment_id: 'pay_1',
            razorpay_order_id: 'order_ABCDEFGHIJKLMN',
            razorpay_signature: 'bad',
          },
        },
      }),
    );
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment verification failed.'));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('reads the page again, with no error, when the server says the course is bought already', async () => {
    // A retry after a lost answer (decision 061): the route's 'Open' comes from what is read again
    // (app/routes/app/checkout-lost-answer.test.tsx).
    const { user, server } = await openCheckout({
      'POST /checkout': fail(400, 'You have already purchased this course.'),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(server.callsTo('GET', '/course/7')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other refusal of a checkout', async () => {
    const { user } = await openCheckout({
      'POST /checkout': fail(400, 'School subjects are not sold one by one: they open with your batch.'),
    });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'School subjects are not sold one by one: they open with your batch.',
    );
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it("says a course the learner owns is theirs and offers 'Open' instead of paying again", async () => {
    mockApi({ 'GET /course/7': ok(course()) });
    await signIn();
    renderWithProviders(<CheckoutPage isOwned ConsentGate={PassThrough} />, {
      path: '/checkout/:course',
      url: '/checkout/7',
    });
    expect(
      await screen.findByText('You already own Foundations of Mathematics. It is in My Courses.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/learn-more/7');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('speaks Hindi: the amounts, the offer code form and Pay Now', async () => {
    await applyLanguage('hi');
    const texts = hi.checkout;
    const { user } = await openCheckout({ 'GET /fetch-code/FLAT50': ok({ ...flat50, minimum_amount: 1000 }) });
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    expect(line(texts.summary.price)).toBe('₹499.00');
    expect(line(texts.summary.payable)).toBe('₹499.00');
    await user.type(screen.getByLabelText(texts.offerCode.label), 'FLAT50');
    await user.click(screen.getByRole('button', { name: texts.offerCode.apply }));
    expect(await screen.findByText(texts.offerCode.applied.replace('{{code}}', 'FLAT50'))).toBeInTheDocument();
    expect(screen.getByText(texts.offerCode.minimum.replace('{{amount}}', '₹1,000.00'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.payNow })).toBeEnabled();
  });

  it("opens the sandbox checkout page in the app's language", async () => {
    await applyLanguage('ml');
    const { user } = await openCheckout({ 'POST /checkout': ok(checkoutData()) });
    await user.click(screen.getByRole('button', { name: ml.checkout.payNow }));
    const frame = await screen.findByTitle(ml.checkout.sandbox.frame);
    expect(frame).toHaveAttribute('src', '/sandbox/checkout/order_ABCDEFGHIJKLMN?lang=ml');
  });
});
