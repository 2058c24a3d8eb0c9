import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readName, readToken } from '@/lib/token-storage';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { pressAndHold, release } from '@/testing/press';
import { LoginForm } from './login-form';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';

const authData = { token: 'tok-1', first_name: 'Asha', last_name: 'Nair', profile_photo_path: null };

describe('LoginForm', () => {
  it("shows 'Email Address' and 'Password is required.' on an empty submit", async () => {
    mockApi({});
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email Address')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Invalid Email.' once the field is touched", async () => {
    mockApi({});
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.queryByText('Invalid Email.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('Invalid Email.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();
  });

  it('shows the email’s error only once the tap on Sign In has ended, so it cannot move the button from under it', async () => {
    mockApi({});
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    await pressAndHold(user, submit);
    expect(screen.queryByText('Invalid Email.')).not.toBeInTheDocument();
    await release(user, submit);
    expect(await screen.findByText('Invalid Email.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    mockApi({});
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("reads 'Please Wait....' while signing in, then stores the session, loads the profile and moves on", async () => {
    const pending = deferred();
    const server = mockApi({ 'POST /login': pending.handler, 'GET /me': ok(learner()) });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Email'), 'Asha@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Please Wait....' })).toBeDisabled();

    pending.release(ok(authData, 'Login successful.'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(server.callsTo('POST', '/login')[0]?.body).toEqual({ email: 'asha@example.com', password: 'Secret@123' });
    expect(await readToken()).toBe('tok-1');
    expect(readName()).toBe('Asha Nair');
    expect(server.callsTo('GET', '/me')).toHaveLength(1);
  });

  it('shows the first field error of a 422 in a danger alert', async () => {
    mockApi({
      'POST /login': fail(422, 'The given data was invalid.', {
        email: ['These credentials do not match our records.'],
      }),
    });
    const onSuccess = vi.fn();
    const { user } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These credentials do not match our records.');
    expect(alert).toHaveClass('bg-danger');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows the message of a 429', async () => {
    mockApi({ 'POST /login': fail(429, 'Too many attempts. Please try again later.') });
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  });

  it('links to Register and Forgot Password', () => {
    mockApi({});
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('speaks Malayalam: labels, links and the validation messages', async () => {
    await applyLanguage('ml');
    mockApi({});
    const { user } = renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const texts = ml.accounts.login;
    expect(screen.getByLabelText(texts.email)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'രജിസ്റ്റർ ചെയ്യുക' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: texts.forgotPassword })).toHaveAttribute('href', '/forgot-password');
    await user.click(screen.getByRole('button', { name: texts.submit }));
    expect(await screen.findByText(ml.messages.common.emailAddressRequired)).toBeInTheDocument();
    expect(screen.getByText(ml.messages.common.passwordRequired)).toBeInTheDocument();
  });
});
