import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import SuccessRoute from './success';

const order = {
  purchase_id: 11,
  order_id: 'order_A',
  item: 'course',
  name: 'Physics',
  course_id: 7,
  batch_id: null,
  amount: 999,
  currency: 'INR',
  status: 'paid',
  paid_at: '2026-11-24T09:00:00.000Z',
};
const history = {
  purchase_id: 11,
  item: 'course',
  name: 'Physics',
  course_id: 7,
  batch_id: null,
  price: 999,
  discount: 0,
  amount: 999,
  currency: 'INR',
  status: 'paid',
  created_at: '2026-11-24T08:59:00.000Z',
  paid_at: '2026-11-24T09:00:00.000Z',
  refunded_at: null,
  payment_reference: 'pay_1',
  invoice: {
    number: 'INV/26-27/000004',
    issued_at: '2026-11-24T09:00:00.000Z',
    pdf_url: '/live-connect/api/invoices/11/pdf?u=1&t=3&e=2&s=ab',
  },
  credit_note: null,
};

describe('the payment success route', () => {
  it("links the purchase's GST invoice below the order's details", async () => {
    mockApi({ 'GET /orders/11': ok(order), 'GET /purchases': ok([history]) });
    await signIn();
    renderWithProviders(<SuccessRoute />, { path: '/success', url: '/success?order=11' });
    const link = await screen.findByRole('link', { name: 'Download invoice INV/26-27/000004 (PDF)' });
    expect(link).toHaveAttribute('href', '/live-connect/api/invoices/11/pdf?u=1&t=3&e=2&s=ab');
    expect(link).toHaveTextContent('Download your GST invoice');
    expect(screen.getByText('Invoice INV/26-27/000004')).toBeInTheDocument();
  });
});
