import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatIndiaDate, type OrderData } from '@app/contracts';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { PaymentSuccessPage } from './payment-success-page';

const order = (overrides: Partial<OrderData> = {}): OrderData => ({
  purchase_id: 11,
  order_id: 'order_ABCDEFGHIJKLMN',
  item: 'course',
  name: 'Foundations of Mathematics',
  course_id: 7,
  batch_id: null,
  amount: 449.1,
  currency: 'INR',
  status: 'paid',
  paid_at: '2026-03-04T05:06:07.000Z',
  ...overrides,
});

/** The amount shown on a line of the details. */
const line = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

async function openSuccess(reply: ReturnType<typeof ok>, url = '/success?order=11') {
  const server = mockApi({ 'GET /orders/11': reply });
  await signIn();
  renderWithProviders(<PaymentSuccessPage />, { path: '/success', url });
  return server;
}

describe('PaymentSuccessPage with an order', () => {
  it("keeps the spec's texts and shows the item, the amount paid and the order id, read from GET /orders/{id}", async () => {
    await openSuccess(ok(order()));
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Course' })).toHaveAttribute('href', '/learn');
    expect(await screen.findByText('Foundations of Mathematics')).toBeInTheDocument();
    expect(line('Course')).toBe('Foundations of Mathematics');
    expect(line('Amount paid')).toBe('₹449.10');
    expect(line('Order ID')).toBe('order_ABCDEFGHIJKLMN');
    expect(line('Paid on')).toMatch(/4 Mar 2026/);
  });

  it('keeps the way back above everything that loads after it, so it does not move under a tap', async () => {
    await openSuccess(ok(order()));
    const back = screen.getByRole('link', { name: 'Back to My Course' });
    const loading = screen.getByRole('status');
    expect(back.compareDocumentPosition(loading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const details = (await screen.findByText('Foundations of Mathematics')).closest('dl')!;
    expect(back.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Course' })).toBe(back);
  });

  it('names a free enrolment by its purchase number, and a batch fee as a batch', async () => {
    await openSuccess(
      ok(order({ order_id: null, amount: 0, item: 'batch', name: 'CBSE Standard 10', course_id: null, batch_id: 4 })),
    );
    expect(await screen.findByText('CBSE Standard 10')).toBeInTheDocument();
    expect(line('Batch')).toBe('CBSE Standard 10');
    expect(line('Amount paid')).toBe('₹0.00');
    expect(line('Order ID')).toBe('#11');
    expect(screen.getByText('Your batch fee is paid: its subjects are ready in My Courses.')).toBeInTheDocument();
  });

  it("shows the server's answer when the order cannot be read, and the way back still", async () => {
    await openSuccess(fail(404, 'No such order.'));
    expect(await screen.findByText('No such order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Course' })).toBeInTheDocument();
  });

  it('asks for nothing without an order in the address', async () => {
    const server = await openSuccess(ok(order()), '/success');
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/orders'))).toHaveLength(0);
  });

  it('speaks Malayalam, with the date in India time and Malayalam month names', async () => {
    await applyLanguage('ml');
    const texts = ml.checkout.success;
    await openSuccess(ok(order()));
    expect(screen.getByRole('heading', { name: texts.title })).toBeInTheDocument();
    expect(await screen.findByText('Foundations of Mathematics')).toBeInTheDocument();
    expect(line(texts.course)).toBe('Foundations of Mathematics');
    expect(line(texts.amountPaid)).toBe('₹449.10');
    const paidOn = formatIndiaDate('2026-03-04T05:06:07.000Z', 'ml');
    expect(paidOn).not.toBe('4 Mar 2026');
    expect(line(texts.paidOn)).toContain(paidOn);
    expect(screen.getByText(texts.courseReady)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.back })).toHaveAttribute('href', '/learn');
  });
});
