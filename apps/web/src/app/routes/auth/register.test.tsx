import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { fillRegisterForm } from '@/testing/fill-register-form';
import { learner, renderWithProviders } from '@/testing/test-utils';
import RegisterRoute from './register';

describe('/register/:referral', () => {
  it('shows the referrer, masked as the server sends it', async () => {
    const server = mockApi({
      'POST /reference-user-validate': ok({ name: 'Meera Pillai', email: 'me***@example.com', mobile: '98******10' }),
    });
    renderWithProviders(<RegisterRoute />, { path: '/register/:referral', url: '/register/abcd2345' });
    expect(await screen.findByText('Meera Pillai')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Referred by' });
    expect(card).toHaveTextContent('me***@example.com');
    expect(card).toHaveTextContent('98******10');
    expect(server.callsTo('POST', '/reference-user-validate')[0]?.body).toEqual({ reference_user: 'abcd2345' });
  });

  it('goes to /register when the code is unknown (400)', async () => {
    mockApi({ 'POST /reference-user-validate': fail(400, 'Invalid referral code.') });
    const { router } = renderWithProviders(<RegisterRoute />, { path: '/register/:referral', url: '/register/NOPE' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid referral code.');
  });

  const authData = { token: 'tok-new', first_name: 'Ravi', last_name: 'Kumar', profile_photo_path: null };

  it('registers under the link’s referrer when the lookup cannot reach the server (patchy 4G), after trying again', async () => {
    const server = mockApi({
      'POST /reference-user-validate': () => Promise.reject(new TypeError('Failed to fetch')),
      'POST /register': ok(authData),
      'GET /me': ok(learner()),
    });
    const { user, router } = renderWithProviders(<RegisterRoute />, {
      path: '/register/:referral',
      url: '/register/ABCD2345',
    });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.callsTo('POST', '/reference-user-validate').length).toBeGreaterThan(1);
    expect(router.state.location.pathname).toBe('/register/ABCD2345');
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.callsTo('POST', '/register')).toHaveLength(1));
    expect(server.callsTo('POST', '/register')[0]!.body).toMatchObject({ ref_user: 'ABCD2345' });
  }, 20_000);

  it('keeps the code when the lookup is refused for too many tries (429), and sends it with the registration', async () => {
    const server = mockApi({
      'POST /reference-user-validate': fail(429, 'Too many requests. Please try again later.'),
      'POST /register': ok(authData),
      'GET /me': ok(learner()),
    });
    const { user, router } = renderWithProviders(<RegisterRoute />, {
      path: '/register/:referral',
      url: '/register/ABCD2345',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(router.state.location.pathname).toBe('/register/ABCD2345');
    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.callsTo('POST', '/register')).toHaveLength(1));
    expect(server.callsTo('POST', '/register')[0]!.body).toMatchObject({ ref_user: 'ABCD2345' });
  });
});
