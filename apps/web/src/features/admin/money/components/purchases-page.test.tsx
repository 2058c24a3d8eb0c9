import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPurchase } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { PurchasesPage } from './purchases-page';

const purchase = (overrides: Partial<AdminPurchase> = {}): AdminPurchase => ({
  id: 7,
  user: { id: 3, name: 'Asha Nair', email: 'asha@example.com' },
  item: { type: 'course', id: 2, name: 'Physics' },
  price: 999,
  discount: 0,
  amount: 999,
  currency: 'INR',
  status: 'refunded',
  provider: 'sandbox',
  order_id: 'order_1',
  payment_id: 'pay_1',
  offer_code: null,
  created_at: '2026-11-24T09:00:00.000Z',
  paid_at: '2026-11-24T09:01:00.000Z',
  refunded_at: '2026-11-25T09:00:00.000Z',
  invoice_number: 'INV/26-27/000012',
  credit_note_number: 'CN/26-27/000003',
  open_dispute_id: null,
  ...overrides,
});
const page = (data: unknown[]) => ({ data, current_page: 1, per_page: 20, total: data.length, last_page: 1 });

afterEach(() => vi.restoreAllMocks());

describe('PurchasesPage (operator console)', () => {
  it('shows the invoice and credit note numbers, and downloads a PDF with the operator’s token', async () => {
    await signIn('admin-token');
    const createObjectURL = vi.fn(() => 'blob:http://localhost/pdf');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const server = mockApi({
      'GET /admin/purchases': ok(
        page([
          purchase(),
          purchase({ id: 8, status: 'paid', amount: 0, invoice_number: null, credit_note_number: null }),
        ]),
      ),
      'GET /admin/invoices/7/credit-note/pdf': ok(null),
    });
    const { user } = renderWithProviders(<PurchasesPage />);
    const invoice = await screen.findByRole('button', { name: 'Download invoice INV/26-27/000012 (PDF)' });
    expect(invoice).toHaveTextContent('INV/26-27/000012');
    const row = invoice.closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Download credit note CN/26-27/000003 (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const calls = server.callsTo('GET', '/admin/invoices/7/credit-note/pdf');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(createObjectURL).toHaveBeenCalled();
    // The free purchase has no documents.
    expect(screen.getAllByRole('button', { name: /^Download invoice/ })).toHaveLength(1);
  });

  it('marks a purchase with a dispute open at the provider', async () => {
    await signIn('admin-token');
    mockApi({
      'GET /admin/purchases': ok(page([purchase(), purchase({ id: 9, status: 'paid', open_dispute_id: 'disp_1' })])),
    });
    renderWithProviders(<PurchasesPage />);
    const marker = await screen.findByText('Dispute open');
    expect(marker.closest('tr')).toHaveTextContent('Refund');
    expect(screen.getAllByText('Dispute open')).toHaveLength(1);
  });
});
