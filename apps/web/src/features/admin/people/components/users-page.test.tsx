import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UsersPage } from './users-page';

const user = {
  id: 7,
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876501234',
  referral_code: 'ASHA2345',
  roles: ['learner'],
  is_verified: true,
  is_active: true,
  referral_status: 'counted',
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('UsersPage', () => {
  it('shows the certificate lookup once the list has answered, so the list never pushes it down', async () => {
    const users = deferred();
    mockApi({ 'GET /admin/users': users.handler });
    renderWithProviders(<UsersPage />);
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Certificates' })).not.toBeInTheDocument();

    users.release(ok({ data: [user], current_page: 1, per_page: 20, total: 1, last_page: 1 }));
    expect(await screen.findByRole('link', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Certificates' })).toBeInTheDocument();
  });
});
