import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { ledger, renderWallet, transaction } from './wallet-page.fixtures';

describe('WalletPage', () => {
  it('shows the balance in INR, the points and the referral id', async () => {
    mockApi({ 'GET /transactions': ok(ledger({ points: 1250, balance: 123456.5 })) });
    renderWallet();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹1,23,456.50');
    expect(screen.getByTestId('wallet-points')).toHaveTextContent('1,250');
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
  });

  it('says what the learner owes and why, only when they owe something', async () => {
    mockApi({ 'GET /transactions': ok(ledger({ balance: 0, owed: 1250 })) });
    const first = renderWallet();
    expect(await screen.findByTestId('owed-note')).toHaveTextContent(
      'You owe ₹1,250.00: earnings you had already withdrawn were taken back (a refund, or a referral found not eligible). Your next earnings pay it before you can withdraw again.',
    );
    first.unmount();

    mockApi({ 'GET /transactions': ok(ledger({ balance: 10, owed: 0 })) });
    renderWallet();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹10.00');
    expect(screen.queryByTestId('owed-note')).not.toBeInTheDocument();
  });

  it("hides 'Redeem Point' and 'Withdraw to account' when there are no points and no balance", async () => {
    mockApi({ 'GET /transactions': ok(ledger({ points: 0, balance: 0 })) });
    renderWallet();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹0.00');
    expect(screen.queryByRole('button', { name: 'Redeem Point' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw to account' })).not.toBeInTheDocument();
  });

  it("shows 'Redeem Point' only when points > 0 and 'Withdraw to account' only when balance > 0", async () => {
    mockApi({ 'GET /transactions': ok(ledger({ points: 5, balance: 0 })) });
    const first = renderWallet();
    expect(await screen.findByRole('button', { name: 'Redeem Point' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw to account' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /transactions': ok(ledger({ points: 0, balance: 0.01 })) });
    renderWallet();
    expect(await screen.findByRole('button', { name: 'Withdraw to account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem Point' })).not.toBeInTheDocument();
  });

  it('lists the transactions with the status in brackets when it is not Done', async () => {
    mockApi({
      'GET /transactions': ok(
        ledger({
          balance: 49.9,
          total: 4,
          transactions: [
            transaction({
              transaction_id: 'TXN-4',
              method: 'Withdraw',
              amount: -200,
              status: 'Pending',
              description: 'Withdrawal to SBI',
            }),
            transaction({ transaction_id: 'TXN-3', method: 'Withdraw', amount: -150, status: 'Rejected' }),
            transaction({ transaction_id: 'TXN-2', method: 'Quiz Points', kind: 'point', amount: 0, point: 8 }),
            transaction({ transaction_id: 'TXN-1' }),
          ],
        }),
      ),
    });
    renderWallet();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date and Time', 'Transaction Method', 'Transaction ID', 'Amount / Point', 'Description']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('₹200.00 (Pending)');
    expect(rows[0]).toHaveTextContent('Withdrawal to SBI');
    expect(rows[1]).toHaveTextContent('₹150.00 (Rejected)');
    expect(rows[2]).toHaveTextContent('8 points');
    expect(rows[2]).not.toHaveTextContent('(');
    expect(rows[3]).toHaveTextContent('₹49.90');
    expect(rows[3]).not.toHaveTextContent('(Done)');
    expect(rows[3]).toHaveTextContent('TXN-1');
    expect(rows[3]).toHaveTextContent('10 Mar 2025');
    // A Pending withdrawal is not a held credit: no date, no note about the refund window.
    expect(rows[0]).not.toHaveTextContent('Available on');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows when a held commission becomes available (India time) and why it is held', async () => {
    mockApi({
      'GET /transactions': ok(
        ledger({
          total: 2,
          transactions: [
            // 20:00 UTC on 30 Nov is 01:30 on 1 Dec in India.
            transaction({ transaction_id: 'TXN-2', status: 'Pending', available_at: '2026-11-30T20:00:00.000Z' }),
            transaction({ transaction_id: 'TXN-1' }),
          ],
        }),
      ),
    });
    renderWallet();
    const table = await screen.findByRole('table');
    const [held, done] = within(table).getAllByRole('row').slice(1);
    expect(held).toHaveTextContent('₹49.90 (Pending)');
    const description = within(held!).getByText('Commission for Ravi Kumar’s purchase');
    expect(description).toHaveTextContent('Available on 1 Dec 2026');
    expect(done).not.toHaveTextContent('Available on');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Commissions, level rewards and Quiz Points are held until the refund window of the purchase has passed. Then you can redeem or withdraw them.',
    );
  });

  it("redeems after showing 'N points → ₹X' and a confirm step, with one Idempotency-Key, and shows 'redeemed'", async () => {
    let points = 40;
    const server = mockApi({
      'GET /transactions': () => ok(ledger({ points, balance: 10 })),
      'GET /convert-value': ok({ convert_value: 0.5 }),
      'POST /redeem-point': () => {
        points = 10;
        return ok({ points: 10, balance: 25 }, 'redeemed');
      },
    });
    const { user } = renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Redeem Point' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Points to redeem');
    expect(input).toHaveValue(40);
    expect(await within(dialog).findByText('40 points → ₹20.00')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '30');
    expect(within(dialog).getByText('30 points → ₹15.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(within(dialog).getByTestId('redeem-summary')).toHaveTextContent('30 points → ₹15.00');
    expect(server.callsTo('POST', '/redeem-point')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('redeemed')).toBeInTheDocument();
    const [call] = server.callsTo('POST', '/redeem-point');
    expect(call?.body).toEqual({ point: 30 });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('test-xsrf-token');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('wallet-points')).toHaveTextContent('10');
  });

  it('reuses the same Idempotency-Key when a failed confirmation is retried', async () => {
    let attempts = 0;
    const server = mockApi({
      'GET /transactions': ok(ledger({ points: 5, balance: 0 })),
      'GET /convert-value': ok({ convert_value: 1 }),
      'POST /redeem-point': () =>
        ++attempts === 1 ? fail(503, 'Service unavailable.') : ok({ points: 0, balance: 5 }, 'redeemed'),
    });
    const { user } = renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Redeem Point' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('5 points → ₹5.00');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('redeemed')).toBeInTheDocument();
    const keys = server.callsTo('POST', '/redeem-point').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('checks the points against what the learner holds', async () => {
    mockApi({ 'GET /transactions': ok(ledger({ points: 5 })), 'GET /convert-value': ok({ convert_value: 1 }) });
    const { user } = renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Redeem Point' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Points to redeem');
    await user.clear(input);
    await user.type(input, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('You cannot redeem more points than you hold.')).toBeInTheDocument();
  });

  it('shows the amount, the minimum and the bank account before a withdrawal is confirmed', async () => {
    const server = mockApi({
      'GET /transactions': ok(ledger({ balance: 500 })),
      'POST /withdraw': ok(
        { points: 0, balance: 350 },
        'Withdrawal requested. It will be paid to your bank account after review.',
      ),
    });
    const { user } = renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Withdraw to account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Minimum ₹100.00/)).toBeInTheDocument();
    expect(within(dialog).getByText('State Bank of India ********9012')).toBeInTheDocument();

    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('The minimum withdrawal is ₹100.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '501');
    expect(await within(dialog).findByText('The amount is more than your balance.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(within(dialog).getByTestId('withdraw-summary')).toHaveTextContent('₹150.00');
    expect(within(dialog).getByText('State Bank of India ********9012')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Withdrawal requested/)).toBeInTheDocument();
    const [call] = server.callsTo('POST', '/withdraw');
    expect(call?.body).toEqual({ amount: 150 });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it("goes to /profile when the server answers 'Please fill account details'", async () => {
    mockApi({
      'GET /transactions': ok(ledger({ balance: 500 })),
      'POST /withdraw': fail(400, 'Please fill account details'),
    });
    const { user, router } = renderWallet();
    await user.click(await screen.findByRole('button', { name: 'Withdraw to account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill account details');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.hash).toBe('#bank-account');
  });
});
