import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuardianConsentData } from '@app/contracts';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { GuardianConsentPage } from './guardian-consent-page';

const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop';
const base = `/guardian/consent/${TOKEN}`;
const request = (overrides: Partial<GuardianConsentData> = {}): GuardianConsentData => ({
  status: 'pending',
  child_name: 'Aarav Nair',
  guardian_name: 'Meera Nair',
  language: 'en',
  requested_at: '2026-11-24T06:00:00.000Z',
  given_at: null,
  withdrawn_at: null,
  ...overrides,
});
const given = request({ status: 'given', given_at: '2026-11-24T07:00:00.000Z' });
const documents = `/live-connect/api/guardian/consent/${TOKEN}/invoices/3`;
const purchases = [
  {
    ...{ id: 3, item: 'Physics Basics', kind: 'course', amount: 499, date: '2026-11-24T08:00:00.000Z', status: 'paid' },
    ...{ invoice_url: `${documents}/pdf`, credit_note_url: null },
  },
  {
    ...{ id: 4, item: 'CBSE Standard 8', kind: 'batch', amount: 1500, date: '2026-11-25T08:00:00.000Z' },
    ...{ status: 'pending', invoice_url: null, credit_note_url: null },
  },
];

const open = (lang?: string) =>
  renderWithProviders(<GuardianConsentPage token={TOKEN} lang={lang ?? null} />, {
    path: '/guardian/consent/:token',
    url: base,
  });

describe('GuardianConsentPage', () => {
  it('says who asks, what happens to the data and what consent allows, then takes the agreement', async () => {
    const server = mockApi({
      [`GET ${base}`]: ok(request()),
      [`POST ${base}`]: ok(given, 'Thank you. Your consent is recorded.'),
      [`GET ${base}/purchases`]: ok(purchases),
    });
    const { user } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aarav Nair asks for your consent' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Aarav Nair studies on Live Connect and has named you, Meera Nair, as their parent or guardian.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "What we do with your child's data" })).toBeInTheDocument();
    expect(screen.getByText(/We do not sell your child's data/)).toBeInTheDocument();
    expect(
      screen.getByText('Your child can redeem Quiz Points and withdraw wallet money to a bank account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');

    const agree = screen.getByRole('button', { name: 'I agree' });
    expect(agree).toBeDisabled();
    await user.click(screen.getByLabelText("I am Aarav Nair's parent or guardian, I have read the above and I agree."));
    await user.click(agree);
    expect(await screen.findByRole('heading', { name: 'You have agreed' })).toBeInTheDocument();
    expect(server.callsTo('POST', base)[0]?.body).toEqual({ agree: true });
    expect(server.calls[0]?.headers.get('Authorization')).toBeNull();
    // The child's purchases: item, amount, date, status.
    expect(await screen.findByRole('cell', { name: /^Physics Basics/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '₹499.00' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '24 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Paid' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: /^Class fee: CBSE Standard 8/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Not completed' })).toBeInTheDocument();
    // The paid course's GST invoice, for the parent to keep; none for the unpaid fee, no credit note without a refund.
    expect(screen.getByRole('link', { name: 'GST invoice for Physics Basics (PDF)' })).toHaveAttribute(
      'href',
      `${documents}/pdf`,
    );
    expect(screen.getAllByRole('link', { name: /GST invoice|Credit note/ })).toHaveLength(1);
  });

  it('withdraws consent after a confirmation', async () => {
    const server = mockApi({
      [`GET ${base}`]: ok(given),
      [`GET ${base}/purchases`]: ok([]),
      [`POST ${base}/withdraw`]: ok(
        request({ status: 'withdrawn', given_at: given.given_at, withdrawn_at: '2026-11-26T06:00:00.000Z' }),
        'Consent withdrawn. Payments and withdrawals are blocked again.',
      ),
    });
    const { user } = open();
    expect(await screen.findByText('No purchases yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    expect(screen.getByText(/Withdraw consent\? Aarav Nair will not be able to pay/)).toBeInTheDocument();
    expect(server.callsTo('POST', `${base}/withdraw`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    expect(await screen.findByRole('heading', { name: 'Consent withdrawn' })).toBeInTheDocument();
    expect(screen.getByText(/You withdrew consent on 26 Nov 2026/)).toBeInTheDocument();
    expect(server.callsTo('POST', `${base}/withdraw`)).toHaveLength(1);
  });

  it('says a wrong or replaced link is not valid', async () => {
    mockApi({
      [`GET ${base}`]: fail(404, 'This consent link is not valid. It may have been replaced by a newer one.'),
    });
    open();
    expect(
      await screen.findByRole('heading', { name: 'This link is not valid' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('says an expired link has expired and how to get a new one, in English or in the language it was asked in', async () => {
    mockApi({
      [`GET ${base}`]: fail(404, 'This consent link has expired: links work for 7 days. Please ask for a new one.'),
    });
    const first = open();
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Consent links work for 7 days. Please ask your child to send you a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('This link is not valid')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
    first.unmount();

    // The API answered in Hindi (the page asked in Hindi).
    await applyLanguage('hi');
    mockApi({
      [`GET ${base}`]: fail(404, 'इस सहमति लिंक की समय-सीमा खत्म हो गई है: लिंक 7 दिन तक चलते हैं। कृपया नया लिंक माँगिए।'),
    });
    open('hi');
    expect(
      await screen.findByRole('heading', { name: 'इस लिंक की समय-सीमा खत्म हो गई है' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await applyLanguage('en');
  });

  it('says a link of a learner now 18 opens nothing any more, and why', async () => {
    mockApi({
      [`GET ${base}`]: fail(
        404,
        "This learner is 18 or over now: a guardian's consent is no longer needed, and this link no longer opens anything.",
      ),
    });
    open();
    expect(
      await screen.findByRole('heading', { name: 'This link no longer opens anything' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "The learner is 18 or over now: a guardian's consent is no longer needed, so this page shows nothing any more.",
      ),
    ).toBeInTheDocument();
  });

  it("opens in the child's language from the link, with the picker", async () => {
    mockApi({ [`GET ${base}`]: ok(request({ language: 'ml' })) });
    open('ml');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aarav Nair നിങ്ങളുടെ സമ്മതം ചോദിക്കുന്നു' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('ml'));
    expect(screen.getByRole('button', { name: /Language|ഭാഷ/ })).toBeInTheDocument();
    await applyLanguage('en');
  });
});
