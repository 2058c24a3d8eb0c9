import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import type { MeData } from '@app/contracts';
import { meQueryKey } from '@/lib/auth/get-me';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { VerifyEmailForm } from './verify-email-form';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';

describe('VerifyEmailForm', () => {
  it("shows 'Email is required.' and 'Enter OTP' on an empty submit", async () => {
    mockApi({});
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="" onVerified={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter OTP')).toBeInTheDocument();
  });

  it("shows 'Invalid Email.' after touch", async () => {
    mockApi({});
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="" onVerified={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.tab();
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();
  });

  it("prefills the email, reads 'Please Wait....' while verifying, then moves on", async () => {
    const pending = deferred();
    const server = mockApi({ 'POST /verify-email-otp': pending.handler });
    const onVerified = vi.fn();
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="asha@example.com" onVerified={onVerified} />);
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();
    pending.release(ok({ email_verified_at: '2025-01-01T00:00:00.000Z' }, 'Email verified successfully.'));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(server.callsTo('POST', '/verify-email-otp')[0]?.body).toEqual({ email: 'asha@example.com', otp: '123456' });
  });

  it('re-enables the button after an error and shows it', async () => {
    mockApi({ 'POST /verify-email-otp': fail(422, 'Invalid OTP.', { otp: ['Invalid OTP.'] }) });
    const onVerified = vi.fn();
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="asha@example.com" onVerified={onVerified} />);
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('moves on when a second tap finds the email verified (the first answer was lost on 4G), reading /me again', async () => {
    const server = mockApi({
      'POST /verify-email-otp': fail(400, 'Email is already verified.'),
      'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })),
    });
    const onVerified = vi.fn();
    const { user, queryClient } = renderWithProviders(
      <VerifyEmailForm defaultEmail="asha@example.com" onVerified={onVerified} />,
    );
    queryClient.setQueryData(meQueryKey, learner({ email_verified_at: null }));
    await user.type(screen.getByLabelText('OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(server.callsTo('GET', '/me').length).toBeGreaterThan(0);
    expect(queryClient.getQueryData<MeData>(meQueryKey)?.email_verified_at).toBe('2025-01-01T00:00:00.000Z');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Resent OTP' asks for a new code and shows 'Otp sent to your email'", async () => {
    const server = mockApi({ 'GET /send-email-otp': ok(null, 'Otp sent to your email') });
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="asha@example.com" onVerified={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Resent OTP' }));
    expect(await screen.findByText('Otp sent to your email')).toBeInTheDocument();
    expect(server.callsTo('GET', '/send-email-otp')).toHaveLength(1);
  });

  it('shows the message when a resend comes too soon (429)', async () => {
    mockApi({ 'GET /send-email-otp': fail(429, 'Please wait a minute before asking for a new OTP.') });
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="asha@example.com" onVerified={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Resent OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking for a new OTP.');
  });

  it('speaks Malayalam: labels, buttons and the validation messages', async () => {
    await applyLanguage('ml');
    mockApi({});
    const { user } = renderWithProviders(<VerifyEmailForm defaultEmail="" onVerified={vi.fn()} />);
    const texts = ml.onboarding.verify;
    expect(screen.getByLabelText(texts.otp)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.resend })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(ml.messages.common.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ml.messages.common.otpRequired)).toBeInTheDocument();
  });
});
