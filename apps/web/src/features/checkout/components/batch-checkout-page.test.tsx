import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MESSAGE_SOURCE, type BatchData, type CheckoutData } from '@app/contracts';
import { createQueryClient } from '@/lib/query';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { PassThrough, renderWithProviders, signIn } from '@/testing/test-utils';
import { BatchCheckoutPage } from './batch-checkout-page';
import { PaymentSuccessPage } from './payment-success-page';

const batch = (overrides: Partial<BatchData> = {}): BatchData => ({
  id: 4,
  name: 'CBSE Standard 10',
  syllabus: { id: 1, name: 'CBSE' },
  standard: { id: 10, name: 'Standard 10' },
  fee: 499,
  is_mine: true,
  is_paid: false,
  is_open: false,
  subjects: [
    { id: 21, name: 'CBSE Class 10 Mathematics' },
    { id: 22, name: 'CBSE Class 10 Science' },
  ],
  ...overrides,
});
const batchCode = { code: 'CBSE10BATCH', is_fixed_amount: false, discount: 20, minimum_amount: 0 };

const order = (overrides: Partial<CheckoutData> = {}): CheckoutData => ({
  payment: true,
  purchase_id: 31,
  item: 'batch',
  first_name: 'Asha',
  last_name: 'Nair',
  mobile: '9876543210',
  email: 'asha@example.com',
  course: {
    id: 4,
    name: 'CBSE Standard 10',
    photo_path: null,
    price: 499,
    offer_price: 499,
    about: 'CBSE, Standard 10',
    video_path: null,
    category_id: null,
    language: null,
  },
  price: 499,
  discount: 99.8,
  payable_amount: 399.2,
  order_id: 'order_BATCHFEE000001',
  amount: 39920,
  currency: 'INR',
  key: 'rzp_test_sandbox',
  provider: 'sandbox',
  merchant_name: 'Live Connect',
  checkout_url: '/sandbox/checkout/order_BATCHFEE000001',
  ...overrides,
});

const line = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openBatchCheckout(handlers: Parameters<typeof mockApi>[0]) {
  const server = mockApi(handlers);
  await signIn();
  const view = renderWithProviders(<BatchCheckoutPage ConsentGate={PassThrough} />, { path: '/checkout/batch' });
  return { ...view, server };
}

describe('BatchCheckoutPage', () => {
  it('shows the batch fee and the subjects it opens', async () => {
    await openBatchCheckout({ 'GET /batch': ok(batch()) });
    expect(await screen.findByRole('heading', { name: 'Batch fee: CBSE, Standard 10' })).toBeInTheDocument();
    const subjects = within(screen.getByRole('list'));
    expect(subjects.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'CBSE Class 10 Mathematics',
      'CBSE Class 10 Science',
    ]);
    expect(line('Price')).toBe('₹499.00');
    expect(line('Payment Amount')).toBe('₹499.00');
  });

  it("pays through POST /first-payment with the batch's code, the sandbox form and /pay-now, then says the subjects are ready", async () => {
    const { user, server, router } = await openBatchCheckout({
      'GET /batch': ok(batch()),
      'GET /fetch-code/CBSE10BATCH': ok(batchCode),
      'POST /first-payment': ok(order()),
      'POST /pay-now': ok({ purchase_id: 31, status: 'paid', course_id: null, batch_id: 4 }),
    });
    await screen.findByRole('heading', { name: 'Batch fee: CBSE, Standard 10' });
    await user.type(screen.getByLabelText('Offer code'), 'cbse10batch');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Offer code CBSE10BATCH applied.');
    expect(line('Discount')).toBe('₹99.80');
    expect(line('Payment Amount')).toBe('₹399.20');

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const frame = await screen.findByTitle('Payment form');
    expect(frame).toHaveAttribute('src', '/sandbox/checkout/order_BATCHFEE000001?lang=en');
    expect(server.callsTo('GET', '/fetch-code/CBSE10BATCH').map((call) => call.search)).toEqual(['?for=batch']);
    expect(server.callsTo('POST', '/first-payment')[0]?.body).toEqual({ offer_code: 'CBSE10BATCH' });
    expect(server.callsTo('POST', '/checkout')).toHaveLength(0);

    const response = {
      razorpay_payment_id: 'pay_9',
      razorpay_order_id: 'order_BATCHFEE000001',
      razorpay_signature: 'sig',
    };
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        source: (frame as HTMLIFrameElement).contentWindow,
        data: { source: SANDBOX_MESSAGE_SOURCE, type: 'success', order_id: 'order_BATCHFEE000001', response },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?order=31');
    expect(router.state.location.state).toEqual({ item: 'batch' });
    expect(server.callsTo('POST', '/pay-now')[0]?.body).toEqual({
      payment_id: 'pay_9',
      order_id: 'order_BATCHFEE000001',
      signature: 'sig',
    });
  });

  it("shows the server's refusal, e.g. another batch's code", async () => {
    const { user } = await openBatchCheckout({
      'GET /batch': ok(batch()),
      'POST /first-payment': fail(400, 'This offer code cannot be used here.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer code cannot be used here.');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('has nothing to pay once the fee is paid, when the batch has no fee, or without a batch', async () => {
    const paid = await openBatchCheckout({ 'GET /batch': ok(batch({ is_paid: true, is_open: true })) });
    expect(await screen.findByText('Your batch fee is paid. Its subjects are in My Courses.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Courses' })).toHaveAttribute('href', '/learn');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    paid.unmount();

    const free = await openBatchCheckout({ 'GET /batch': ok(batch({ fee: 0, is_open: true })) });
    expect(await screen.findByText('Your batch has no fee: its subjects are already open.')).toBeInTheDocument();
    free.unmount();

    await openBatchCheckout({ 'GET /batch': ok(null) });
    expect(await screen.findByText('You have no school batch, so there is no batch fee to pay.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
  });
});

describe('PaymentSuccessPage', () => {
  const openSuccess = (state: unknown) => {
    const router = createMemoryRouter([{ path: '/success', element: <PaymentSuccessPage /> }], {
      initialEntries: [{ pathname: '/success', state }],
    });
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };

  it("says the batch's subjects are ready after a batch fee, and the course after a course", () => {
    const first = openSuccess({ item: 'batch' });
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your batch fee is paid: its subjects are ready in My Courses.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Course' })).toHaveAttribute('href', '/learn');
    first.unmount();

    openSuccess(null);
    expect(screen.getByText('Your course is ready in My Courses.')).toBeInTheDocument();
  });
});
