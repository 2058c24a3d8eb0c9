import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { passwordChecks } from '@app/contracts';
import { readToken } from '@/lib/token-storage';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { fillRegisterForm } from '@/testing/fill-register-form';
import { pressAndHold, release } from '@/testing/press';
import { RegisterForm } from './register-form';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';

const authData = { token: 'tok-new', first_name: 'Ravi', last_name: 'Kumar', profile_photo_path: null };

describe('RegisterForm', () => {
  it('shows every required message on an empty submit', async () => {
    mockApi({});
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [
      'First Name is required.',
      'Last Name is required.',
      'Email is required.',
      'Mobile is required.',
      'Password is required.',
      'Confirm Password is required.',
      'Accept the Disclaimer and Continue.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it("shows 'Invalid Email.' and 'Invalid Mobile Number' after touch", async () => {
    mockApi({});
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'ravi@');
    await user.type(screen.getByLabelText('Mobile'), '98765');
    await user.tab();
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();
    expect(await screen.findByText('Invalid Mobile Number')).toBeInTheDocument();
  });

  it('shows a field’s error only once the tap on Register has ended, so the error cannot move the button from under it', async () => {
    // Decision 053: the blur's error appeared above Register between the press and the release, pushing it down.
    mockApi({});
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Mobile'), '98765');
    const submit = screen.getByRole('button', { name: 'Register' });
    await pressAndHold(user, submit);
    expect(screen.getByLabelText('Mobile')).not.toHaveFocus();
    expect(screen.queryByText('Invalid Mobile Number')).not.toBeInTheDocument();
    await release(user, submit);
    // The tap submitted: every field is checked, the blurred one too.
    expect(await screen.findByText('Invalid Mobile Number')).toBeInTheDocument();
    expect(screen.getByText('First Name is required.')).toBeInTheDocument();
  });

  it('shows the password checklist neutral until typing, then red or green per rule', async () => {
    mockApi({});
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items).toHaveLength(passwordChecks.length);
    // Nothing typed yet: grey, not failed.
    for (const item of items) {
      expect(item).toHaveClass('text-body-secondary');
      expect(item).not.toHaveClass('text-danger');
      expect(item).not.toHaveTextContent('not met');
    }

    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(within(checklist).getByText('One lowercase letter').closest('li')).toHaveClass('text-success');
    expect(within(checklist).getByText('One uppercase letter').closest('li')).toHaveClass('text-danger');

    await user.type(screen.getByLabelText('Password'), 'DEF1@xyz');
    for (const item of within(checklist).getAllByRole('listitem')) expect(item).toHaveClass('text-success');
  });

  it('does not check on the client that the confirmation matches', async () => {
    const server = mockApi({ 'POST /register': ok(authData), 'GET /me': ok(learner()) });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={onSuccess} />);
    await fillRegisterForm(user);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Different@1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.callsTo('POST', '/register')).toHaveLength(1));
  });

  it("reads 'Please Wait....' while submitting, sends ref_user and stores the session", async () => {
    const pending = deferred();
    const server = mockApi({ 'POST /register': pending.handler, 'GET /me': ok(learner()) });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<RegisterForm referralCode="ABCD2345" onSuccess={onSuccess} />);
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    pending.release(ok(authData, 'Registration successful.'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(server.callsTo('POST', '/register')[0]?.body).toEqual({
      ref_user: 'ABCD2345',
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: 'ravi@example.com',
      mobile: '9876543210',
      password: 'Strong@123',
      password_confirmation: 'Strong@123',
      disclaimer: true,
    });
    expect(await readToken()).toBe('tok-new');
  });

  it.each(['98765 43210', '+91 98765 43210'])(
    'keeps a pasted mobile %j whole and sends its 10 digits',
    async (pasted) => {
      // A 10-character limit cut '98765 43210' to '98765 4321', then said 'Invalid Mobile Number' with nothing to see.
      const server = mockApi({ 'POST /register': ok(authData), 'GET /me': ok(learner()) });
      const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
      await fillRegisterForm(user);
      const mobile = screen.getByLabelText('Mobile');
      await user.clear(mobile);
      await user.click(mobile);
      await user.paste(pasted);
      expect(mobile).toHaveValue(pasted);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(server.callsTo('POST', '/register')).toHaveLength(1));
      expect(server.callsTo('POST', '/register')[0]?.body).toMatchObject({ mobile: '9876543210' });
      expect(screen.queryByText('Invalid Mobile Number')).not.toBeInTheDocument();
    },
  );

  it('shows the server’s first field error', async () => {
    mockApi({
      'POST /register': {
        status: 422,
        body: {
          status: false,
          message: 'This email is already registered.',
          errors: { email: ['This email is already registered.'] },
        },
      },
    });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={onSuccess} />);
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already registered.');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('links to the privacy policy, the terms, Login and Forgot Password', () => {
    mockApi({});
    renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('speaks Hindi: labels, the checklist, the policy links and the validation messages', async () => {
    await applyLanguage('hi');
    mockApi({});
    const { user } = renderWithProviders(<RegisterForm referralCode={null} onSuccess={vi.fn()} />);
    const texts = hi.accounts.register;
    expect(screen.getByLabelText(texts.firstName)).toBeInTheDocument();
    expect(screen.getByLabelText(texts.mobile)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(hi.common.password.checks.lowercase)).toBeInTheDocument();
    expect(screen.getByText(hi.common.password.checks.length.replace('{{min}}', '8'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(hi.messages.common.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(hi.messages.common.disclaimerRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: hi.accounts.register.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
