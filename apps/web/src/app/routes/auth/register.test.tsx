import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
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
});
