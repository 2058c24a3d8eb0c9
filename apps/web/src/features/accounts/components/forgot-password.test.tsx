import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ForgotPassword } from './forgot-password';

const otpSentMessage = 'If this email is registered, an OTP has been sent to it.';

async function reachResetStep(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('OTP');
}

describe('ForgotPassword', () => {
  it("step 1 shows 'Email Address' and 'Invalid Email.'", async () => {
    mockApi({});
    const { user } = renderWithProviders(<ForgotPassword />);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email Address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'asha');
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();
  });

  it("step 1 reads 'Please Wait....' while sending, then shows the server message and step 2", async () => {
    const pending = deferred();
    const server = mockApi({ 'POST /forgot-password-otp': pending.handler });
    const { user } = renderWithProviders(<ForgotPassword />);
    await user.type(screen.getByLabelText('Email'), 'Asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    pending.release(ok(null, otpSentMessage));
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(otpSentMessage);
    expect(server.callsTo('POST', '/forgot-password-otp')[0]?.body).toEqual({ email: 'asha@example.com' });
  });

  it("step 2 shows 'Enter OTP', 'Enter New Password' and 'Confirm Password is required.'", async () => {
    mockApi({ 'POST /forgot-password-otp': ok(null, otpSentMessage) });
    const { user } = renderWithProviders(<ForgotPassword />);
    await reachResetStep(user);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Enter OTP')).toBeInTheDocument();
    expect(screen.getByText('Enter New Password')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required.')).toBeInTheDocument();
  });

  it('step 2 has the live password checklist', async () => {
    mockApi({ 'POST /forgot-password-otp': ok(null, otpSentMessage) });
    const { user } = renderWithProviders(<ForgotPassword />);
    await reachResetStep(user);
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    // Neutral until something is typed.
    expect(within(checklist).getByText('One number').closest('li')).toHaveClass('text-body-secondary');
    await user.type(screen.getByLabelText('New Password'), 'x1');
    expect(within(checklist).getByText('One number').closest('li')).toHaveClass('text-success');
    expect(within(checklist).getByText('At least 8 characters').closest('li')).toHaveClass('text-danger');
  });

  it("resets the password and ends on 'Your password has been reset successfully!' with a Login link", async () => {
    const pending = deferred();
    const server = mockApi({
      'POST /forgot-password-otp': ok(null, otpSentMessage),
      'POST /reset-password': pending.handler,
    });
    const { user } = renderWithProviders(<ForgotPassword />);
    await reachResetStep(user);
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'NewPass@1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass@1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    pending.release(ok(null, 'Your password has been reset successfully!'));
    expect(await screen.findByText('Your password has been reset successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST', '/reset-password')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '123456',
      password: 'NewPass@1',
      password_confirmation: 'NewPass@1',
    });
  });

  it('shows a wrong OTP (422) and lets the learner try again', async () => {
    mockApi({
      'POST /forgot-password-otp': ok(null, otpSentMessage),
      'POST /reset-password': fail(422, 'Invalid OTP.', { otp: ['Invalid OTP.'] }),
    });
    const { user } = renderWithProviders(<ForgotPassword />);
    await reachResetStep(user);
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'NewPass@1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass@1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid OTP.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
