import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileMessages } from '@app/contracts';
import { fail, mockApi, ok, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { PasswordForm } from './password-form';

// Patchy 4G: PUT /password reaches the server and changes the password, but its answer is lost. The form keeps what
// was typed and the learner taps 'Change Password' again. Without the first request's Idempotency-Key the server
// checks 'Current Password' against the new password and says it is incorrect (decision 061).

const keysOf = (calls: RecordedCall[]) => calls.map((call) => call.headers.get('Idempotency-Key'));
const unreachable = 'Could not reach the server. Check your connection and try again.';

/** A server whose first PUT /password changes the password and loses the answer; later ones answer `then`. */
function serverLosingFirstAnswer(then: () => ReturnType<typeof ok>) {
  let requests = 0;
  return mockApi({
    'PUT /password': () => {
      requests += 1;
      if (requests === 1) throw new TypeError('Failed to fetch');
      return then();
    },
  });
}

async function typePasswords(user: ReturnType<typeof renderWithProviders>['user'], current: string) {
  await user.clear(screen.getByLabelText('Current Password'));
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.clear(screen.getByLabelText('New Password'));
  await user.type(screen.getByLabelText('New Password'), 'Secret@123');
  await user.clear(screen.getByLabelText('Confirm Password'));
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret@123');
}

describe('Change Password on a connection that drops', () => {
  it('sends the same values again with the same Idempotency-Key, and shows the replayed success', async () => {
    const server = serverLosingFirstAnswer(() => ok(null, profileMessages.passwordChanged));
    const { user } = renderWithProviders(<PasswordForm />);
    await typePasswords(user, 'Old@12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(unreachable)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveValue('Secret@123');

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(profileMessages.passwordChanged)).toBeInTheDocument();
    const [first, retry] = keysOf(server.callsTo('PUT', '/password'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(screen.getByLabelText('New Password')).toHaveValue('');
  });

  it('gives other values typed after the lost answer a key of their own', async () => {
    const server = serverLosingFirstAnswer(() => ok(null, profileMessages.passwordChanged));
    const { user } = renderWithProviders(<PasswordForm />);
    await typePasswords(user, 'Old@12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(unreachable)).toBeInTheDocument();

    await typePasswords(user, 'Other@12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(profileMessages.passwordChanged)).toBeInTheDocument();
    const [first, other] = keysOf(server.callsTo('PUT', '/password'));
    expect(other).toBeTruthy();
    expect(other).not.toBe(first);
  });

  it('forgets the key once the server has answered: the same values sent again are a new change', async () => {
    const server = mockApi({
      'PUT /password': fail(422, 'The given data was invalid.', {
        current_password: [profileMessages.currentPasswordWrong],
      }),
    });
    const { user } = renderWithProviders(<PasswordForm />);
    await typePasswords(user, 'Wrong@12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(profileMessages.currentPasswordWrong);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findAllByRole('alert');
    const keys = keysOf(server.callsTo('PUT', '/password'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
