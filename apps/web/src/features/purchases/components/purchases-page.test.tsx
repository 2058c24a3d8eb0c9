import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PurchaseHistoryItem } from '@app/contracts';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { PurchasesPage } from './purchases-page';
import { InvoiceLink } from './invoice-link';

const purchase = (overrides: Partial<PurchaseHistoryItem> = {}): PurchaseHistoryItem => ({
  purchase_id: 7,
  item: 'course',
  name: 'Physics Class 10',
  course_id: 3,
  batch_id: null,
  price: 1110,
  discount: 111,
  amount: 999,
  currency: 'INR',
  status: 'paid',
  created_at: '2026-11-24T08:58:00.000Z',
  paid_at: '2026-11-24T09:00:00.000Z',
  refunded_at: null,
  payment_reference: 'pay_Nx8sK2LmQ4vR7t',
  invoice: {
    number: 'INV/26-27/000012',
    issued_at: '2026-11-24T09:00:00.000Z',
    pdf_url: '/live-connect/api/invoices/7/pdf?u=1&t=3&e=2&s=ab',
  },
  credit_note: null,
  ...overrides,
});

describe('PurchasesPage', () => {
  it('lists each purchase with its status, amount in ₹, date and invoice and credit note links', async () => {
    mockApi({
      'GET /purchases': ok([
        purchase({
          purchase_id: 9,
          name: 'Chemistry',
          status: 'refunded',
          discount: 0,
          price: 500,
          amount: 500,
          refunded_at: '2026-11-25T10:00:00.000Z',
          invoice: {
            number: 'INV/26-27/000013',
            issued_at: '2026-11-24T09:00:00.000Z',
            pdf_url: '/live-connect/api/invoices/9/pdf?s=1',
          },
          credit_note: {
            number: 'CN/26-27/000001',
            issued_at: '2026-11-25T10:00:00.000Z',
            pdf_url: '/live-connect/api/invoices/9/credit-note/pdf?s=2',
          },
        }),
        purchase(),
        purchase({
          purchase_id: 5,
          item: 'batch',
          name: 'Batch A',
          price: 0,
          discount: 0,
          amount: 0,
          payment_reference: null,
          invoice: null,
        }),
      ]),
    });
    renderWithProviders(<PurchasesPage />, { path: '/purchases' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchases' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const refunded = within(cards[0]!);
    expect(refunded.getByRole('heading', { name: 'Chemistry' })).toBeInTheDocument();
    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.getByRole('link', { name: 'Download invoice INV/26-27/000013 (PDF)' })).toHaveAttribute(
      'href',
      '/live-connect/api/invoices/9/pdf?s=1',
    );
    expect(refunded.getByRole('link', { name: 'Download credit note CN/26-27/000001 (PDF)' })).toHaveAttribute(
      'href',
      '/live-connect/api/invoices/9/credit-note/pdf?s=2',
    );
    expect(refunded.getByText(/Refunded on 25 Nov 2026/)).toBeInTheDocument();

    const paid = within(cards[1]!);
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByText('₹999.00')).toBeInTheDocument();
    expect(paid.getByText('₹1,110.00')).toBeInTheDocument();
    expect(paid.getByText('−₹111.00')).toBeInTheDocument();
    expect(paid.getByText(/Paid on 24 Nov 2026/)).toBeInTheDocument();
    expect(paid.getByText('pay_Nx8sK2LmQ4vR7t')).toBeInTheDocument();
    expect(paid.getByText('Invoice INV/26-27/000012')).toBeInTheDocument();
    expect(paid.getByRole('link', { name: /Download invoice/ })).toHaveTextContent('Download invoice');
    expect(paid.queryByRole('link', { name: /credit note/ })).not.toBeInTheDocument();

    const free = within(cards[2]!);
    expect(free.getByText('Batch fee')).toBeInTheDocument();
    expect(free.getByText('Free')).toBeInTheDocument();
    expect(free.getByText('Free enrolment: no invoice.')).toBeInTheDocument();
    expect(free.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet, and offers the catalogue', async () => {
    mockApi({ 'GET /purchases': ok([]) });
    renderWithProviders(<PurchasesPage />, { path: '/purchases' });
    expect(await screen.findByText('You have not bought anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });

  it('shows a retry when the list cannot load', async () => {
    mockApi({ 'GET /purchases': fail(500, 'Server error') });
    renderWithProviders(<PurchasesPage />, { path: '/purchases' });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await applyLanguage('hi');
    try {
      mockApi({ 'GET /purchases': ok([purchase()]) });
      renderWithProviders(<PurchasesPage />, { path: '/purchases' });
      expect(await screen.findByRole('heading', { level: 1, name: 'खरीदारी' })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'इनवॉइस INV/26-27/000012 डाउनलोड करें (PDF)' })).toHaveTextContent(
        'इनवॉइस डाउनलोड करें',
      );
      expect(screen.getByText('भुगतान हो गया')).toBeInTheDocument();
    } finally {
      await applyLanguage('en');
    }
  });
});

describe('InvoiceLink (payment success page)', () => {
  it("links the purchase's invoice, and shows nothing for a purchase without one", async () => {
    mockApi({ 'GET /purchases': ok([purchase(), purchase({ purchase_id: 8, amount: 0, invoice: null })]) });
    const view = renderWithProviders(<InvoiceLink purchaseId={7} />);
    expect(await screen.findByRole('link', { name: 'Download invoice INV/26-27/000012 (PDF)' })).toHaveTextContent(
      'Download your GST invoice',
    );
    view.unmount();

    const none = renderWithProviders(
      <div data-testid="slot">
        <InvoiceLink purchaseId={8} />
      </div>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(none.getByTestId('slot')).queryByRole('link')).not.toBeInTheDocument();
  });
});
