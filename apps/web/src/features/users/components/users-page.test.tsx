import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubUser, SubUserPage } from '@app/contracts';
import { renderWithProviders } from '@/testing/test-utils';
import { pageWindow } from '@/components/ui/pager';
import { UsersPage } from './users-page';

const subUser = (id: number, status: SubUser['status']): SubUser => ({
  id, name: `User ${id}`, referral_code: `CODE${id}`, status, joined: '2025-02-03T06:00:00.000Z', sub_users_count: 0,
});

/**
 * The network boundary for GET /tree, which the shared mock cannot tell apart by query string:
 * 12 pending sub-users (two pages of 10) and 1 active one.
 */
function stubTree() {
  const queries: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    queries.push(url.search);
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page'));
    const data: SubUserPage = status === 'pending'
      ? {
        data: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => subUser((page - 1) * 10 + i + 1, 'pending')),
        current_page: page, per_page: 10, total: 12, last_page: 2,
      }
      : { data: [subUser(99, 'active')], current_page: 1, per_page: 10, total: 1, last_page: 1 };
    return new Response(JSON.stringify({ status: true, message: '', data }), { headers: { 'content-type': 'application/json' } });
  }));
  return queries;
}

describe('UsersPage', () => {
  it('shows the pending and active sub-users from GET /tree, without a delete action', async () => {
    stubTree();
    renderWithProviders(<UsersPage />);
    const pending = await screen.findByRole('table', { name: 'Pending Users' }, { timeout: 3000 });
    expect(within(pending).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'User Id', 'Status', 'Joined']);
    expect(within(pending).getAllByRole('row')).toHaveLength(11);
    expect(within(pending).getByText('CODE1')).toBeInTheDocument();
    expect(within(pending).getAllByText('Pending')).toHaveLength(10);
    expect(within(pending).getAllByText('3 Feb 2025')).toHaveLength(10);

    const active = await screen.findByRole('table', { name: 'Active Users' });
    expect(within(active).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'User Id', 'Status']);
    expect(within(active).getByText('User 99')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
  });

  it('pages through a table on its own', async () => {
    const queries = stubTree();
    const { user } = renderWithProviders(<UsersPage />);
    const pending = await screen.findByRole('table', { name: 'Pending Users' }, { timeout: 3000 });
    expect(screen.queryByRole('navigation', { name: 'Active Users pages' })).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pending Users pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(pending).getAllByRole('row')).toHaveLength(3));
    expect(within(pending).getByText('User 12')).toBeInTheDocument();
    expect(queries).toContain('?status=pending&page=2&per_page=10');
    expect(queries.filter((query) => query.includes('status=active'))).toHaveLength(1);
  });
});

describe('pageWindow', () => {
  it('keeps the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});
