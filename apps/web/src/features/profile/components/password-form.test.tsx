import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { PasswordForm } from './password-form';

const feedbackOf = (input: HTMLElement) => input.closest('.mb-3')?.querySelector('.invalid-feedback');

describe('PasswordForm', () => {
  it("shows 'Enter New Password' and 'Confirm Password' (and the current password's) on an empty submit", async () => {
    const server = mockApi({});
    const { user } = renderWithProviders(<PasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Enter New Password')).toBeInTheDocument();
    expect(feedbackOf(screen.getByLabelText('Confirm Password'))).toHaveTextContent('Confirm Password');
    expect(screen.getByText('Enter Current Password')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/password')).toHaveLength(0);
  });

  it("says 'At most 128 characters.' under a longer new password, in the app's language too", async () => {
    const server = mockApi({});
    const tooLong = 'Aa1!'.repeat(33);
    const english = renderWithProviders(<PasswordForm />);
    await english.user.click(screen.getByLabelText('New Password'));
    await english.user.paste(tooLong);
    await english.user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(feedbackOf(screen.getByLabelText('New Password'))).toHaveTextContent('At most 128 characters.');
    english.unmount();

    await applyLanguage('hi');
    const texts = hi.profile.password;
    const { user } = renderWithProviders(<PasswordForm />);
    await user.click(screen.getByLabelText(texts.new));
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(feedbackOf(screen.getByLabelText(texts.new))).toHaveTextContent(
      fillTemplate(hi.messages.common.tooLong, { max: 128 }),
    );
    expect(server.callsTo('PUT', '/password')).toHaveLength(0);
  });

  it('ticks the checklist live and shows and hides the new password', async () => {
    mockApi({});
    const { user } = renderWithProviders(<PasswordForm />);
    const password = screen.getByLabelText('New Password');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .every((item) => item.dataset.met === 'false'),
    ).toBe(true);
    await user.type(password, 'abcD1');
    expect(within(checklist).getByText('One uppercase letter').closest('li')).toHaveClass('text-success');
    expect(within(checklist).getByText('One special character').closest('li')).toHaveClass('text-danger');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("does not compare the two new passwords on the client; reads 'Please Wait....' while saving", async () => {
    const pending = deferred();
    const server = mockApi({ 'PUT /password': pending.handler });
    const { user } = renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current Password'), 'Old@12345');
    await user.type(screen.getByLabelText('New Password'), 'Secret@123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret@124');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    expect(server.callsTo('PUT', '/password')[0]?.body).toEqual({
      current_password: 'Old@12345',
      password: 'Secret@123',
      password_confirmation: 'Secret@124',
    });
    pending.release(
      fail(422, 'The given data was invalid.', { password_confirmation: ['Password confirmation does not match.'] }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Password confirmation does not match.');
  });

  it('shows the message of a 400 and, on success, the server message with the form cleared', async () => {
    let attempt = 0;
    mockApi({
      'PUT /password': () =>
        ++attempt === 1 ? fail(400, 'The current password is incorrect.') : ok(null, 'Password changed successfully.'),
    });
    const { user } = renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current Password'), 'Wrong@123');
    await user.type(screen.getByLabelText('New Password'), 'Secret@123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveValue('');
  });
});
