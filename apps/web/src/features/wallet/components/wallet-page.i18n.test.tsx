import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate, formatIndiaDate, formatInr, ineligibleReasonText, ledgerDescription } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { ledger, renderWallet, transaction } from './wallet-page.fixtures';

describe('WalletPage in Hindi and Malayalam', () => {
  it('shows the wallet, the ledger methods and statuses in Hindi, an unknown method as it came, amounts and dates in Hindi', async () => {
    await applyLanguage('hi');
    const t = hi.wallet;
    mockApi({
      'GET /transactions': ok(
        ledger({
          points: 1250,
          balance: 123456.5,
          total: 4,
          transactions: [
            transaction({
              transaction_id: 'TXN-4',
              method: 'Withdraw',
              amount: -200,
              status: 'Pending',
              description: ledgerDescription('withdrawalTo', { bank: 'State Bank of India', last4: '9012' }),
            }),
            transaction({
              transaction_id: 'TXN-3',
              method: 'Quiz Points',
              kind: 'point',
              amount: 0,
              point: 1,
              description: `${ledgerDescription('quiz', { subject: 'Fractions', mark: 4, total: 10 })}; ${ledgerDescription('quizCapped', { points: 1 })}`,
            }),
            transaction({
              transaction_id: 'TXN-2',
              method: 'Festival Bonus',
              description: ledgerDescription('ineligibleReversed', {
                reason: ineligibleReasonText.mobile,
                id: 'TXABC',
              }),
            }),
            transaction({ transaction_id: 'TXN-1', status: 'Pending', available_at: '2026-11-30T20:00:00.000Z' }),
          ],
        }),
      ),
    });
    renderWallet();
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent(formatInr(123456.5, 'hi'));
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹1,23,456.50');
    expect(screen.getByText(t.totalBalance)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.redeemPoint })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.withdrawToAccount })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(t.heldNote);

    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      t.table.dateTime,
      t.table.method,
      t.table.transactionId,
      t.table.amountPoint,
      t.table.description,
    ]);
    const [withdrawal, quiz, unknown, held] = within(table).getAllByRole('row').slice(1);
    expect(withdrawal).toHaveTextContent(t.methods.withdraw);
    expect(withdrawal).toHaveTextContent(`₹200.00 (${t.statuses.pending})`);
    // The description is written in English by the server; each of its parts is translated, with the values in it
    // (the reason, a known message, too); the bank's and the subject's names stay as they came.
    const m = hi.messages.ledger;
    expect(withdrawal).toHaveTextContent(fillTemplate(m.withdrawalTo, { bank: 'State Bank of India', last4: '9012' }));
    expect(quiz).toHaveTextContent(
      `${fillTemplate(m.quiz, { subject: 'Fractions', mark: '4', total: '10' })}; ${fillTemplate(m.quizCapped, { points: '1' })}`,
    );
    expect(unknown).toHaveTextContent(
      fillTemplate(m.ineligibleReversed, { reason: hi.messages.referrals.reasons.mobile, id: 'TXABC' }),
    );
    expect(withdrawal).toHaveTextContent(formatIndiaDate('2025-03-10T09:30:00.000Z', 'hi'));
    expect(withdrawal).toHaveTextContent('10 मार्च 2025');
    expect(quiz).toHaveTextContent(t.methods.quizPoints);
    expect(quiz).toHaveTextContent(fillTemplate(t.table.pointCount_one, { points: '1' }));
    expect(unknown).toHaveTextContent('Festival Bonus');
    expect(held).toHaveTextContent(t.methods.referralCommission);
    expect(held).toHaveTextContent(
      fillTemplate(t.table.availableOn, { date: formatIndiaDate('2026-11-30T20:00:00.000Z', 'hi') }),
    );
  });

  it('withdraws in Malayalam: the form, the minimum, the translated check and the confirm step', async () => {
    await applyLanguage('ml');
    const t = ml.wallet;
    mockApi({
      'GET /transactions': ok(ledger({ balance: 500 })),
      'POST /withdraw': fail(400, ml.messages.common.fillAccountDetails),
    });
    const { user, router } = renderWallet();
    await user.click(await screen.findByRole('button', { name: t.withdrawToAccount }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: t.withdrawToAccount })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        fillTemplate(t.withdraw.limits, { minimum: formatInr(100, 'ml'), available: formatInr(500, 'ml') }),
      ),
    ).toBeInTheDocument();
    const amount = within(dialog).getByLabelText(t.withdraw.amount);
    await user.type(amount, '99');
    await user.click(within(dialog).getByRole('button', { name: t.continue }));
    expect(
      await within(dialog).findByText(fillTemplate(ml.messages.wallet.amountBelowMinimum, { minimum: '₹100.00' })),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: t.continue }));
    expect(within(dialog).getByRole('heading', { name: t.withdraw.confirmTitle })).toBeInTheDocument();
    expect(within(dialog).getByTestId('withdraw-summary')).toHaveTextContent(formatInr(150, 'ml'));
    expect(within(dialog).getByText(t.withdraw.heldAsPending)).toBeInTheDocument();
    expect(within(dialog).getByText(formatInr(350, 'ml'))).toBeInTheDocument();

    // The server answers in Malayalam: the learner is still sent to the bank form.
    await user.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ml.messages.common.fillAccountDetails);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.hash).toBe('#bank-account');
  });

  it('redeems in Hindi with the preview in Hindi', async () => {
    await applyLanguage('hi');
    const t = hi.wallet;
    mockApi({
      'GET /transactions': ok(ledger({ points: 40, balance: 10 })),
      'GET /convert-value': ok({ convert_value: 0.5, minimum_withdrawal: 100 }),
    });
    const { user } = renderWallet();
    await user.click(await screen.findByRole('button', { name: t.redeemPoint }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(t.redeem.pointsLabel)).toHaveValue(40);
    expect(
      await within(dialog).findByText(fillTemplate(t.redeem.preview, { points: '40', amount: formatInr(20, 'hi') })),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(new RegExp(fillTemplate(t.redeem.youHold, { points: '40' })))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t.continue }));
    expect(within(dialog).getByText(t.redeem.aboutTo)).toBeInTheDocument();
    expect(within(dialog).getByText(t.redeem.pointsAfter)).toBeInTheDocument();
  });
});
