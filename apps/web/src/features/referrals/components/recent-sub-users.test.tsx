import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubUser } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { applyLanguage } from '@/lib/i18n';
import { RecentSubUsers } from './recent-sub-users';

const subUser = (id: number, name: string, status: SubUser['status'], reason: string | null = null): SubUser => ({
  id,
  name,
  referral_code: `CODE${id}`,
  email: `us****${id}@example.com`,
  status,
  reason,
  joined: '2025-02-03T06:00:00.000Z',
  sub_users_count: 0,
  is_erased: false,
});

describe('RecentSubUsers', () => {
  it('shows a sub-user who earns nothing as Not eligible with the reason, never as Active', async () => {
    mockApi({
      'GET /recent/tree': ok([
        subUser(2, 'Ravi Kumar', 'ineligible', 'Same email as yours'),
        subUser(1, 'Meera Das', 'active'),
      ]),
    });
    renderWithProviders(<RecentSubUsers />);
    const ravi = (await screen.findByText('Ravi Kumar', {}, { timeout: 3000 })).closest(
      '.list-group-item',
    ) as HTMLElement;
    expect(within(ravi).getByText('Not eligible')).toBeInTheDocument();
    expect(within(ravi).getByText('Same email as yours')).toBeVisible();
    expect(within(ravi).queryByText('Active')).not.toBeInTheDocument();
    const meera = screen.getByText('Meera Das').closest('.list-group-item') as HTMLElement;
    expect(within(meera).getByText('Active')).toBeInTheDocument();
  });

  it("shows a sub-user whose data was deleted as 'Deleted learner', in the learner's language", async () => {
    mockApi({
      'GET /recent/tree': ok([{ ...subUser(3, 'Deleted learner', 'pending'), email: '', is_erased: true }]),
    });
    renderWithProviders(<RecentSubUsers />);
    expect(await screen.findByText('Deleted learner', {}, { timeout: 3000 })).toBeInTheDocument();
    await applyLanguage('hi');
    expect(await screen.findByText('हटाया गया विद्यार्थी')).toBeInTheDocument();
    await applyLanguage('en');
  });
});
