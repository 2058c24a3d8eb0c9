import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { WithdrawalsPage } from './withdrawals-page';

const bank = {
  full_name: 'Asha Nair',
  bank_name: 'State Bank of India',
  bank_branch: 'Kochi',
  ifsc_code: 'SBIN0001234',
};
const pending = {
  id: 7,
  transaction_id: 'TXABCDEFGH123456',
  user: { id: 3, name: 'Asha Nair', email: 'asha@example.com' },
  amount: 250,
  status: 'Pending',
  description: 'Withdraw',
  bank_reference: null,
  created_at: '2025-01-02T10:00:00.000Z',
  settled_at: null,
  bank: { ...bank, account_number: 'XXXXXX7890' },
  payout: null,
  returned: null,
  shared_with: { total: 0, account: 0, pan: 0, owed: 0, users: [] },
  debt: { owed: 0, from_this: 0 },
};
const ravi = { id: 1, name: 'Ravi Admin', email: 'r@x.in' };
/** Ravi started paying it on 3 Jan 2025 (long enough ago to take over). */
const startedByRavi = {
  started_at: '2025-01-03T08:55:00.000Z',
  started_by: ravi,
  paid_by: ravi,
  taken_over_at: null,
  take_over_after: '2025-01-04T08:55:00.000Z',
  can_take_over: true,
};
const page = (data: unknown[]) => ({ data, current_page: 1, per_page: 20, total: data.length, last_page: 1 });

describe('WithdrawalsPage', () => {
  it('settles a pending withdrawal as Done with one request, however often it is clicked, and shows the result', async () => {
    const settle = deferred();
    let isSettled = false;
    const server = mockApi({
      'GET /admin/withdrawals': () => ok(page(isSettled ? [] : [pending])),
      'POST /admin/withdrawals/7/payout': ok(
        {
          ...pending,
          bank: { ...bank, account_number: '1234567890' },
          payout: startedByRavi,
        },
        'Payment started: this withdrawal is yours to settle.',
      ),
      'POST /admin/withdrawals/7/settle': settle.handler,
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    // Opening it starts the payment: the operator pays to the full account number (the list only shows it masked),
    // and from then on nobody else rejects it.
    expect(await within(dialog).findByText('1234567890')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/withdrawals/7/payout')).toHaveLength(1);
    expect(within(dialog).getByTestId('payout-started')).toHaveTextContent(
      'Payment started by Ravi Admin, 3 Jan 2025, 2:25 pm IST: nobody else can settle it now.',
    );
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR0099887766');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Mark as Done' }));
    expect(await within(dialog).findByRole('button', { name: 'Please Wait....' })).toBeDisabled();

    isSettled = true;
    settle.release(
      ok(
        {
          withdrawal: {
            ...pending,
            status: 'Done',
            bank_reference: 'UTR0099887766',
            settled_at: '2025-01-03T09:00:00.000Z',
          },
          reversal_transaction_id: null,
        },
        'Withdrawal settled.',
      ),
    );

    expect(await screen.findByTestId('settle-result')).toHaveTextContent(
      '₹250.00 to Asha Nair marked as Done (bank reference UTR0099887766).',
    );
    expect(await screen.findByText('Withdrawal settled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = server.callsTo('POST', '/admin/withdrawals/7/settle');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ status: 'Done', bank_reference: 'UTR0099887766' });
    expect(await screen.findByText('No withdrawals are Pending.')).toBeInTheDocument();
  });

  it("shows another operator's payment as a refusal, without the account, and cannot mark it Done", async () => {
    const server = mockApi({
      'GET /admin/withdrawals': ok(page([pending])),
      'POST /admin/withdrawals/7/payout': fail(
        400,
        'Another operator has started paying this withdrawal: only they can settle it.',
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    expect(
      await within(dialog).findByText('Another operator has started paying this withdrawal: only they can settle it.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Pay to' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR0099887766');
    expect(within(dialog).getByRole('button', { name: 'Mark as Done' })).toBeDisabled();
    expect(server.callsTo('POST', '/admin/withdrawals/7/settle')).toHaveLength(0);
  });

  it('warns that the account and PAN are shared: a marker in the list, the other users named in the dialog, and paying stays possible', async () => {
    const other = (id: number, name: string, by: string) => ({
      id,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      referral_code: `REF${id}`,
      by,
      owed: 0,
    });
    const sharedWith = {
      total: 3,
      account: 2,
      pan: 2,
      owed: 0,
      users: [other(11, 'Ravi Kumar', 'account'), other(12, 'Meena Das', 'both'), other(13, 'Kiran Rao', 'pan')],
    };
    const server = mockApi({
      'GET /admin/withdrawals': ok(
        page([
          { ...pending, shared_with: sharedWith },
          { ...pending, id: 8 },
        ]),
      ),
      'POST /admin/withdrawals/7/payout': ok({
        ...pending,
        bank: { ...bank, account_number: '1234567890' },
        shared_with: sharedWith,
      }),
      'POST /admin/withdrawals/7/settle': ok(
        {
          withdrawal: { ...pending, status: 'Done', bank_reference: 'UTR42', settled_at: '2025-01-03T09:00:00.000Z' },
          reversal_transaction_id: null,
        },
        'Withdrawal settled.',
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    // The list marks the row that shares, and only that one.
    const markers = await screen.findAllByTestId('shared-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toHaveTextContent('Shared account with 2 other users');
    expect(markers[0]).toHaveTextContent('Shared PAN with 2 other users');

    await user.click(screen.getAllByRole('button', { name: 'Mark as Done' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    const warning = await within(dialog).findByTestId('shared-warning');
    expect(warning).toHaveTextContent('This account is also used by 2 other users.');
    expect(warning).toHaveTextContent("This learner's PAN is also on the bank details of 2 other users.");
    expect(warning).toHaveTextContent('You can still pay it');
    // Nobody sharing owes anything: nothing is said of debts.
    expect(within(warning).queryByTestId('shared-owed')).not.toBeInTheDocument();
    expect(warning).not.toHaveTextContent('owe');
    expect(markers[0]).not.toHaveTextContent('owe');
    // Each one links to their page (their ledger), in a new tab: the dialog stays open.
    const links = within(warning).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['Ravi Kumar (opens in a new tab)', '/admin/users/11', '_blank'],
      ['Meena Das (opens in a new tab)', '/admin/users/12', '_blank'],
      ['Kiran Rao (opens in a new tab)', '/admin/users/13', '_blank'],
    ]);
    expect(within(warning).getByText(/#12/)).toHaveTextContent('#12 · REF12 · same account and PAN');
    expect(within(warning).getByText(/#13/)).toHaveTextContent('#13 · REF13 · same PAN');

    // A signal, not a block: the operator pays it.
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR42');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Done' }));
    expect(await screen.findByTestId('settle-result')).toHaveTextContent('marked as Done (bank reference UTR42)');
    expect(server.callsTo('POST', '/admin/withdrawals/7/settle')[0]?.body).toEqual({
      status: 'Done',
      bank_reference: 'UTR42',
    });
  });

  it('shows the shared account when rejecting too, and says how many more are not named', async () => {
    mockApi({
      'GET /admin/withdrawals': ok(
        page([
          {
            ...pending,
            shared_with: {
              total: 25,
              account: 25,
              pan: 0,
              owed: 0,
              users: Array.from({ length: 20 }, (_, i) => ({
                id: 100 + i,
                name: `Farm User ${i}`,
                email: `farm${i}@example.com`,
                referral_code: `FARM${i}`,
                by: 'account',
                owed: 0,
              })),
            },
          },
        ]),
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    const marker = await screen.findByTestId('shared-marker');
    expect(marker).toHaveTextContent('Shared account with 25 other users');
    expect(marker).not.toHaveTextContent('PAN');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    const warning = within(dialog).getByTestId('shared-warning');
    expect(warning).toHaveTextContent('This account is also used by 25 other users.');
    expect(warning).not.toHaveTextContent("This learner's PAN");
    expect(within(warning).getAllByRole('link')).toHaveLength(20);
    expect(warning).toHaveTextContent('…and 5 more, not listed here.');
    expect(warning).not.toHaveTextContent('You can still pay it');
  });

  it('says what the users sharing the account owe: in the marker, and in total and beside each name in both dialogs', async () => {
    const farm = (i: number, owed: number) => ({
      id: 100 + i,
      name: `Farm User ${i}`,
      email: `farm${i}@example.com`,
      referral_code: `FARM${i}`,
      by: 'account',
      owed,
    });
    // 22 share the account; two of the 20 named owe, and those not named owe ₹75.50 more.
    const sharedWith = {
      total: 22,
      account: 22,
      pan: 0,
      owed: 1225.5,
      users: Array.from({ length: 20 }, (_, i) => farm(i, i === 0 ? 1000 : i === 3 ? 150 : 0)),
    };
    const server = mockApi({
      'GET /admin/withdrawals': ok(page([{ ...pending, shared_with: sharedWith }])),
      'POST /admin/withdrawals/7/payout': ok({
        ...pending,
        bank: { ...bank, account_number: '1234567890' },
        shared_with: sharedWith,
      }),
      'POST /admin/withdrawals/7/settle': ok(
        {
          withdrawal: { ...pending, status: 'Done', bank_reference: 'UTR43', settled_at: '2025-01-03T09:00:00.000Z' },
          reversal_transaction_id: null,
        },
        'Withdrawal settled.',
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByTestId('shared-marker')).toHaveTextContent(
      'Shared account with 22 other users · others owe ₹1,225.50',
    );

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    expect(within(dialog).getByTestId('shared-owed')).toHaveTextContent(
      'Users sharing this account owe ₹1,225.50 from refunds that could not be taken back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Mark as Done' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    const warning = await within(dialog).findByTestId('shared-warning');
    expect(within(warning).getByTestId('shared-owed')).toHaveTextContent(
      'Users sharing this account owe ₹1,225.50 from refunds that could not be taken back.',
    );
    // Beside each one who owes, and only them.
    const items = within(warning).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Farm User 0 (opens in a new tab) #100 · FARM0 · same account · owes ₹1,000.00');
    expect(items[3]).toHaveTextContent('#103 · FARM3 · same account · owes ₹150.00');
    expect(items.filter((item) => item.textContent.includes('owes'))).toHaveLength(2);
    expect(warning).toHaveTextContent('…and 2 more, not listed here; they owe ₹75.50.');

    // A signal, not a block: the operator still pays it.
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR43');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Done' }));
    expect(await screen.findByTestId('settle-result')).toHaveTextContent('marked as Done (bank reference UTR43)');
    expect(server.callsTo('POST', '/admin/withdrawals/7/settle')).toHaveLength(1);
  });

  it('asks for the reason before rejecting, then sends it', async () => {
    const server = mockApi({
      'GET /admin/withdrawals': ok(page([pending])),
      'POST /admin/withdrawals/7/settle': ok(
        {
          withdrawal: { ...pending, status: 'Rejected', settled_at: '2025-01-03T09:00:00.000Z' },
          reversal_transaction_id: 'TXREVERSAL000001',
        },
        'Withdrawal settled.',
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Enter the reason for rejecting.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/withdrawals/7/settle')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Bank details do not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('settle-result')).toHaveTextContent(
      'rejected; the amount is back in the wallet (TXREVERSAL000001)',
    );
    expect(server.callsTo('POST', '/admin/withdrawals/7/settle')[0]?.body).toEqual({
      status: 'Rejected',
      reason: 'Bank details do not match',
    });
  });

  it('shows who is paying a withdrawal in the list, and a refusal to start paying in the dialog', async () => {
    mockApi({
      'GET /admin/withdrawals': ok(
        page([
          {
            ...pending,
            payout: startedByRavi,
          },
        ]),
      ),
      'POST /admin/withdrawals/7/payout': fail(
        400,
        "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByText('Being paid by Ravi Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as Done' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
      ),
    ).toBeInTheDocument();
  });

  it('takes over a withdrawal whose payer is away only with the bank statement checked, then opens it to pay', async () => {
    const meera = { id: 2, name: 'Meera Admin', email: 'meera@x.in' };
    const takenOver = {
      ...startedByRavi,
      paid_by: meera,
      taken_over_at: '2025-01-05T09:00:00.000Z',
      take_over_after: '2025-01-06T09:00:00.000Z',
      can_take_over: false,
    };
    const server = mockApi({
      'GET /me': ok(learner({ first_name: 'Meera', last_name: 'Admin', email: 'meera@x.in' })),
      'GET /admin/withdrawals': ok(page([{ ...pending, payout: startedByRavi }])),
      'POST /admin/withdrawals/7/takeover': ok(
        { ...pending, bank: { ...bank, account_number: '1234567890' }, payout: takenOver },
        'Taken over: this withdrawal is yours to settle.',
      ),
      'POST /admin/withdrawals/7/payout': ok({
        ...pending,
        bank: { ...bank, account_number: '1234567890' },
        payout: takenOver,
      }),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Take over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take over withdrawal' });
    expect(within(dialog).getByTestId('take-over-payer')).toHaveTextContent(
      'Ravi Admin started paying it, 3 Jan 2025, 2:25 pm IST, and has not marked it Done or rejected it.',
    );
    // Not confirmed: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(
      await within(dialog).findByText(
        "Confirm that you checked the bank statement and the other operator's transfer did not go out.",
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/withdrawals/7/takeover')).toHaveLength(0);

    await user.click(
      within(dialog).getByRole('checkbox', {
        name: "I checked the bank statement: Ravi Admin's transfer did not go out.",
      }),
    );
    await user.dblClick(within(dialog).getByRole('button', { name: 'Take over' }));
    const done = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    expect(await within(done).findByText('1234567890')).toBeInTheDocument();
    expect(within(done).getByTestId('payout-started')).toHaveTextContent(
      'Taken over by Meera Admin, 5 Jan 2025, 2:30 pm IST (started by Ravi Admin): nobody else can settle it now.',
    );
    const calls = server.callsTo('POST', '/admin/withdrawals/7/takeover');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ bank_statement_checked: true });
    expect(await screen.findByText('Taken over: this withdrawal is yours to settle.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a take-over in its dialog (taken over by someone else meanwhile)", async () => {
    const refusal =
      'Meera Admin has been paying this withdrawal for less than 24 hours: it can be taken over from 6 Jan 2025, 2:30 pm IST.';
    mockApi({
      'GET /admin/withdrawals': ok(page([{ ...pending, payout: startedByRavi }])),
      'POST /admin/withdrawals/7/takeover': fail(400, refusal),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Take over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take over withdrawal' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('offers no take-over before 24 hours, saying when, nor of a withdrawal the operator pays themself', async () => {
    // The server's clock says when: 'later' is not yet by it, whatever the browser's clock says.
    const later = { ...startedByRavi, take_over_after: '2000-01-01T00:00:00.000Z', can_take_over: false };
    mockApi({
      'GET /me': ok(learner({ first_name: 'Ravi', last_name: 'Admin', email: 'r@x.in' })),
      'GET /admin/withdrawals': ok(
        page([
          { ...pending, payout: { ...later, paid_by: { id: 2, name: 'Meera Admin', email: 'meera@x.in' } } },
          { ...pending, id: 8, payout: startedByRavi },
        ]),
      ),
    });
    renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByText('Can be taken over from 1 Jan 2000, 5:30 am IST')).toBeInTheDocument();
    expect(screen.getAllByText('Being paid by Ravi Admin')).toHaveLength(1);
    // Once /me has answered, Ravi's own payment offers nothing to take over.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument());
  });

  it('shows what the learner owes and what of this withdrawal goes to it, when paying and when rejecting', async () => {
    const owing = { ...pending, debt: { owed: 150, from_this: 150 } };
    mockApi({
      'GET /admin/withdrawals': ok(page([owing, { ...pending, id: 8, debt: { owed: 40, from_this: 40 } }])),
      'POST /admin/withdrawals/7/payout': ok({ ...owing, bank: { ...bank, account_number: '1234567890' } }),
      'POST /admin/withdrawals/8/payout': ok({
        ...pending,
        id: 8,
        debt: { owed: 40, from_this: 40 },
        bank: { ...bank, account_number: '1234567890' },
      }),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    expect(await screen.findByText('Owes ₹150.00')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Mark as Done' })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    expect(await within(dialog).findByTestId('debt-note')).toHaveTextContent(
      'Asha Nair owes ₹150.00: refunds took back earnings already withdrawn.' +
        'Marking it Done pays the full ₹250.00 and recovers none of it. If your transfer has not gone out, reject it ' +
        'instead: ₹150.00 of it then pays the debt and ₹100.00 goes back to the wallet.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: 'Reject' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    expect(within(dialog).getByTestId('debt-note')).toHaveTextContent(
      'Rejecting it pays ₹150.00 of this withdrawal to the debt first; ₹100.00 goes back to the wallet.',
    );
    expect(within(dialog).queryByText("The amount goes back to the learner's wallet.")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A debt smaller than the withdrawal: the rest goes back.
    await user.click(screen.getAllByRole('button', { name: 'Mark as Done' })[1]!);
    dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal as Done' });
    expect(await within(dialog).findByTestId('debt-note')).toHaveTextContent(
      'reject it instead: ₹40.00 of it then pays the debt and ₹210.00 goes back to the wallet.',
    );
  });

  it('gives back a paid withdrawal the bank returned, with the reason', async () => {
    const paid = { ...pending, status: 'Done', bank_reference: 'UTR555', settled_at: '2025-01-03T09:00:00.000Z' };
    const server = mockApi({
      'GET /admin/withdrawals': ok(page([paid])),
      'POST /admin/withdrawals/7/returned': ok(
        {
          withdrawal: {
            ...paid,
            returned: {
              reason: 'Account closed',
              returned_at: '2025-01-05T09:00:00.000Z',
              reversal_transaction_id: 'TXREVERSAL000001',
            },
          },
          reversal_transaction_id: 'TXREVERSAL000001',
        },
        'Withdrawal returned: the amount is back in the wallet.',
      ),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Returned by bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Returned by the bank' });
    await user.click(within(dialog).getByRole('button', { name: 'Give the amount back' }));
    expect(await within(dialog).findByText('Enter the reason for rejecting.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the bank reference of the transfer that came back.')).toBeInTheDocument();
    // The row's own reference is not shown: the operator reads the returned transfer's off the bank statement.
    expect(within(dialog).queryByText('UTR555')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Bank reference of the returned transfer'), 'UTR555');
    await user.type(within(dialog).getByLabelText('Reason'), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Give the amount back' }));
    expect(await screen.findByTestId('settle-result')).toHaveTextContent(
      '₹250.00 to Asha Nair returned by the bank; the amount is back in the wallet (TXREVERSAL000001).',
    );
    expect(server.callsTo('POST', '/admin/withdrawals/7/returned')[0]?.body).toEqual({
      reason: 'Account closed',
      bank_reference: 'UTR555',
    });
  });

  it('tells the operator when another operator settled it first', async () => {
    mockApi({
      'GET /admin/withdrawals': ok(page([pending])),
      'POST /admin/withdrawals/7/payout': ok(pending),
      'POST /admin/withdrawals/7/settle': fail(400, 'Already settled'),
    });
    const { user } = renderWithProviders(<WithdrawalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Done' }));
    expect(await screen.findByText('Already settled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('settle-result')).not.toBeInTheDocument();
  });
});
