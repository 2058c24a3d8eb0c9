import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMessages, type AdminUserDetail } from '@app/contracts';
import { fail, mockApi, ok, type MockReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UserPage } from './user-page';

const detail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  profile: {
    id: 7,
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.com',
    mobile: '9812345678',
    referral_code: 'ASHA1234',
    email_verified_at: '2025-11-01T06:00:00.000Z',
    city: 'Kochi',
    state: 'Kerala',
    syllabus: null,
    standard: null,
    signup_ip: '203.0.113.7',
    activated_at: null,
    created_at: '2025-11-01T06:00:00.000Z',
  },
  roles: ['learner'],
  referrer: null,
  referral_status: 'counted',
  purchases: [],
  level: null,
  sub_users: { total: 0, active: 0 },
  wallet: { points: 40, balance: 250, held: { points: 10, balance: 100 } },
  consent: {
    date_of_birth: '2011-05-01',
    age: 14,
    status: 'given',
    guardian: { name: 'Meera Rao', email: 'meera@example.com', mobile: null },
    requested_at: null,
    given_at: null,
    withdrawn_at: null,
    is_link_expired: false,
    is_named_by_operator: false,
  },
  erasure: null,
  ...overrides,
});

const erased = detail({
  profile: {
    ...detail().profile,
    first_name: 'Deleted',
    last_name: 'learner',
    email: 'erased-7@erased.invalid',
    mobile: '',
    city: null,
    state: null,
    signup_ip: null,
  },
  consent: { ...detail().consent, date_of_birth: null, age: null, status: 'not_needed', guardian: null },
  erasure: {
    erased_at: '2025-12-01T06:30:00.000Z',
    erased_by: { id: 1, name: 'Admin User', email: 'admin@example.com' },
  },
});

const erasePath = '/admin/users/7/erase';

/** The learner's page, answering the erasure with `reply`; once it succeeded the page reads the erased learner. */
function renderPage(reply: MockReply, learner: AdminUserDetail = detail()) {
  let isErased = false;
  const server = mockApi({
    'GET /admin/users/7': () => ok(isErased ? erased : learner),
    'GET /admin/users/7/quizzes': ok([]),
    [`POST ${erasePath}`]: () => {
      if (reply.status === 200) isErased = true;
      return reply;
    },
  });
  const view = renderWithProviders(<UserPage userId={7} ledger={<p>Ledger</p>} />);
  return { server, ...view };
}

describe('UserErasure (operator console, decision 066)', () => {
  it('warns that credits still held are cancelled, when the wallet holds nothing else', async () => {
    const { user } = renderPage(
      ok(erased, adminMessages.erased),
      detail({ wallet: { points: 0, balance: 0, held: { points: 0, balance: 39.9 } } }),
    );
    const section = await screen.findByRole('region', { name: 'Danger zone' });
    await user.click(within(section).getByRole('button', { name: 'Delete personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete personal data?' });
    expect(within(dialog).getByTestId('erase-wallet-warning')).toHaveTextContent(
      '₹39.90 still held will be cancelled: nobody can withdraw or redeem it once the data is deleted.',
    );
  });

  it('deletes the personal data after the reference and the typed email, warning of the wallet, then shows who did it', async () => {
    const { server, user } = renderPage(ok(erased, adminMessages.erased));
    const section = await screen.findByRole('region', { name: 'Danger zone' });
    await user.click(within(section).getByRole('button', { name: 'Delete personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete personal data?' });
    expect(within(dialog).getByTestId('erase-wallet-warning')).toHaveTextContent(
      '₹250.00 and 40 points will be given up, and ₹100.00 and 10 points still held will be cancelled: nobody can withdraw or redeem them once the data is deleted. To pay the balance out, cancel and let the learner withdraw first.',
    );

    // Nothing is sent without a reference and the learner's own email.
    await user.click(within(dialog).getByRole('button', { name: 'Delete personal data' }));
    expect(await within(dialog).findByText(adminMessages.eraseReferenceRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Request reference'), 'Ticket #4411');
    const confirm = within(dialog).getByLabelText(/Type the learner's email to confirm/);
    await user.type(confirm, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete personal data' }));
    expect(await within(dialog).findByText(adminMessages.eraseConfirmWrong)).toBeInTheDocument();
    expect(server.callsTo('POST', erasePath)).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'ASHA@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete personal data' }));
    expect(await screen.findByText(adminMessages.erased)).toBeInTheDocument();
    expect(server.callsTo('POST', erasePath).map((call) => call.body)).toEqual([
      { reference: 'Ticket #4411', confirm_email: 'ASHA@example.com' },
    ]);
    const done = await screen.findByRole('region', { name: 'Personal data deleted' });
    expect(within(done).getByTestId('erasure-done')).toHaveTextContent(/^Deleted 1 Dec 2025.* by Admin User/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Deleted learner');
    expect(screen.queryByRole('region', { name: 'Danger zone' })).not.toBeInTheDocument();
    // No tool writes personal data back onto the erased row.
    expect(screen.queryByRole('button', { name: 'Correct date of birth' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save roles' })).not.toBeInTheDocument();
    expect(screen.getByText('personal data deleted')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, and its field errors by the fields", async () => {
    const { user } = renderPage(fail(400, adminMessages.erasePendingWithdrawal));
    await user.click(await screen.findByRole('button', { name: 'Delete personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete personal data?' });
    await user.type(within(dialog).getByLabelText('Request reference'), 'mail of 1 Dec');
    await user.type(within(dialog).getByLabelText(/Type the learner's email/), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete personal data' }));
    expect(await within(dialog).findByText(adminMessages.erasePendingWithdrawal)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Danger zone' })).toBeInTheDocument();
  });

  it('offers nothing for an operator, and no wallet warning when the wallet is empty', async () => {
    mockApi({
      'GET /admin/users/7': ok(detail({ roles: ['admin', 'learner'] })),
      'GET /admin/users/7/quizzes': ok([]),
    });
    renderWithProviders(<UserPage userId={7} ledger={null} />);
    const section = await screen.findByRole('region', { name: 'Danger zone' });
    expect(within(section).getByRole('button', { name: 'Delete personal data' })).toBeDisabled();
    expect(section).toHaveTextContent('take away the admin role first');
  });
});
