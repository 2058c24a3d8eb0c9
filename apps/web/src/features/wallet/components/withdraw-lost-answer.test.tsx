import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { mockApi, ok, type RecordedCall } from '@/testing/mock-api';
import { ledger, renderWallet, transaction } from './wallet-page.fixtures';

// rev-phone: patchy 4G. POST /withdraw reaches the server (₹200 is held as a Pending withdrawal) but its answer is lost.
// The app said 'Could not reach the server…' and left the wallet as it was (₹500). The parent closed the dialog and
// asked again: the new dialog made a new Idempotency-Key, so the server held a second ₹200. Observed in the real app
// (Chromium, 360 px, the answer dropped by the browser): the second request went out with a different key.
// Decision 052: the wallet is read again, and the same amount asked again reuses the lost request's key.

const keysOf = (calls: RecordedCall[]) => calls.map((call) => call.headers.get('Idempotency-Key'));

/** A wallet of ₹500 whose POST /withdraw moves the money and loses the answer, for the first `lost` requests. */
function walletLosingAnswers(lost = Infinity) {
  let held = 0;
  let requests = 0;
  return mockApi({
    'GET /transactions': () =>
      ok(
        ledger({
          balance: 500 - held,
          transactions:
            held > 0
              ? [transaction({ method: 'Withdraw', amount: -held, status: 'Pending', transaction_id: 'TXN-W1' })]
              : [],
        }),
      ),
    'POST /withdraw': () => {
      requests += 1;
      if (requests > lost) return ok({ points: 0, balance: 500 - held }, 'Withdrawal requested.');
      held = 200; // the server moved the money (once: the same key replays) …
      throw new TypeError('Failed to fetch'); // … and the answer never arrived
    },
  });
}

async function askToWithdraw(user: ReturnType<typeof renderWallet>['user'], amount: string) {
  await user.click(await screen.findByRole('button', { name: 'Withdraw to account' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Amount'), amount);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

async function closeDialog(user: ReturnType<typeof renderWallet>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('Withdraw to account on a connection that drops', () => {
  it('does not let a withdrawal whose answer was lost be asked again as a new one', async () => {
    const server = walletLosingAnswers();
    const { user } = renderWallet();
    const dialog = await askToWithdraw(user, '200');
    await waitFor(() => expect(server.callsTo('POST', '/withdraw')).toHaveLength(1));
    await closeDialog(user, dialog);
    // Closing read the wallet again: the held ₹200 shows, and the balance is ₹300.
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹300.00'));

    // Asked again from the wallet, as a parent would after 'Could not reach the server'.
    const reads = server.callsTo('GET', '/transactions').length;
    await user.click(await screen.findByRole('button', { name: 'Withdraw to account' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText(/Your last request to withdraw ₹200.00 got no answer/)).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/transactions').length).toBeGreaterThan(reads));
    await user.type(within(again).getByLabelText('Amount'), '200');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.callsTo('POST', '/withdraw')).toHaveLength(2));

    // The second ask carries the first one's key, so the server replays it instead of holding ₹200 more.
    const keys = keysOf(server.callsTo('POST', '/withdraw'));
    expect(keys[0]).toBeTruthy();
    expect(new Set(keys).size).toBe(1);
  });

  it('gives another amount its own key', async () => {
    const server = walletLosingAnswers();
    const { user } = renderWallet();
    await closeDialog(user, await askToWithdraw(user, '200'));
    await askToWithdraw(user, '150');
    await waitFor(() => expect(server.callsTo('POST', '/withdraw')).toHaveLength(2));
    expect(new Set(keysOf(server.callsTo('POST', '/withdraw'))).size).toBe(2);
  });

  it('forgets the lost key once the server has answered it: the next withdrawal is a new one', async () => {
    const server = walletLosingAnswers(1);
    const { user } = renderWallet();
    await closeDialog(user, await askToWithdraw(user, '200'));
    await askToWithdraw(user, '200'); // answered: the replay of the first
    await screen.findByText('Withdrawal requested.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Withdraw to account' }));
    expect(within(await screen.findByRole('dialog')).queryByText(/got no answer/)).not.toBeInTheDocument();
    await closeDialog(user, screen.getByRole('dialog'));
    await askToWithdraw(user, '200');
    await waitFor(() => expect(server.callsTo('POST', '/withdraw')).toHaveLength(3));
    const keys = keysOf(server.callsTo('POST', '/withdraw'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('Redeem Point on a connection that drops', () => {
  it('tries to read the wallet again and reuses the lost key for the same points, in Malayalam', async () => {
    await applyLanguage('ml');
    const texts = ml.wallet;
    let isOffline = false;
    const server = mockApi({
      'GET /transactions': () => {
        if (isOffline) throw new TypeError('Failed to fetch');
        return ok(ledger({ points: 40 }));
      },
      'GET /convert-value': ok({ convert_value: 1, minimum_withdrawal: 100 }),
      'POST /redeem-point': () => {
        isOffline = true; // the connection drops with the answer, and stays down
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderWallet();
    const redeem = async (note: string | null) => {
      await user.click(await screen.findByRole('button', { name: texts.redeemPoint }));
      const dialog = await screen.findByRole('dialog');
      if (note) expect(within(dialog).getByText(note)).toBeInTheDocument();
      else expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      const input = within(dialog).getByLabelText(texts.redeem.pointsLabel);
      await user.clear(input);
      await user.type(input, '30');
      await user.click(within(dialog).getByRole('button', { name: texts.continue }));
      await user.click(within(dialog).getByRole('button', { name: texts.confirm }));
      return dialog;
    };
    const dialog = await redeem(null);
    await waitFor(() => expect(server.callsTo('POST', '/redeem-point')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: texts.close }));
    // Closing tries to read the wallet again (it fails here: the old figures stay).
    await waitFor(() => expect(server.callsTo('GET', '/transactions').length).toBe(2));

    await redeem(texts.redeem.lostAnswer.replaceAll('{{points}}', '30'));
    await waitFor(() => expect(server.callsTo('POST', '/redeem-point')).toHaveLength(2));
    // Opening tried again too; the second ask carries the first one's key, for the server to replay.
    expect(server.callsTo('GET', '/transactions').length).toBeGreaterThanOrEqual(3);
    expect(new Set(keysOf(server.callsTo('POST', '/redeem-point'))).size).toBe(1);
  });
});
