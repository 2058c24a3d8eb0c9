import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubUser, SubUserPage } from '@app/contracts';
import { formatIndiaDate } from '@app/contracts';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { pageWindow } from '@/components/ui/pager';
import { UsersPage } from './users-page';

const subUser = (id: number, status: SubUser['status'], reason: string | null = null): SubUser => ({
  id,
  name: `User ${id}`,
  referral_code: `CODE${id}`,
  email: `us****${id}@example.com`,
  status,
  reason,
  joined: '2025-02-03T06:00:00.000Z',
  sub_users_count: 0,
  is_erased: false,
});

const onePage = (data: SubUser[]): SubUserPage => ({
  data,
  current_page: 1,
  per_page: 10,
  total: data.length,
  last_page: 1,
});

/**
 * The network boundary for GET /tree, which the shared mock cannot tell apart by query string:
 * 12 pending sub-users (two pages of 10), 1 active one and the `ineligible` ones.
 */
function stubTree(ineligible: SubUser[] = []) {
  const queries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      queries.push(url.search);
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page'));
      const data: SubUserPage =
        status === 'pending'
          ? {
              data: Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => subUser((page - 1) * 10 + i + 1, 'pending')),
              current_page: page,
              per_page: 10,
              total: 12,
              last_page: 2,
            }
          : status === 'active'
            ? onePage([subUser(99, 'active')])
            : onePage(ineligible);
      return new Response(JSON.stringify({ status: true, message: '', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return queries;
}

describe('UsersPage', () => {
  it('shows the pending and active sub-users from GET /tree, without a delete action', async () => {
    const queries = stubTree();
    renderWithProviders(<UsersPage />);
    const pending = await screen.findByRole('table', { name: 'Pending Users' }, { timeout: 3000 });
    expect(
      within(pending)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Status']);
    expect(within(pending).getAllByRole('row')).toHaveLength(11);
    expect(within(pending).getByText('us****1@example.com')).toBeInTheDocument();
    expect(within(pending).queryByText('CODE1')).not.toBeInTheDocument();
    expect(within(pending).getAllByText('Pending')).toHaveLength(10);
    // Three columns fit a phone: when each joined is told under the name, as on the dashboard's list.
    const [, first] = within(pending).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['User 1joined 3 Feb 2025', 'us****1@example.com', 'Pending']);
    // A name of one long word (a Malayalam name has no spaces) breaks inside the cell rather than widening the table.
    expect(within(first!).getAllByRole('cell')[0]).toHaveClass('text-break');

    const active = await screen.findByRole('table', { name: 'Active Users' });
    expect(
      within(active)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'User Id', 'Status']);
    expect(within(active).getByText('User 99')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    // Nobody is ineligible: no such table at all.
    await waitFor(() => expect(queries.some((query) => query.includes('status=ineligible'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Not eligible' })).not.toBeInTheDocument();
  });

  it('shows a sub-user who earns nothing as Not eligible, with the reason, apart from the active ones', async () => {
    stubTree([subUser(7, 'ineligible', 'Same mobile number as yours')]);
    renderWithProviders(<UsersPage />);
    const ineligible = await screen.findByRole('table', { name: 'Not eligible' }, { timeout: 3000 });
    const [, row] = within(ineligible).getAllByRole('row');
    expect(within(row!).getByText('User 7')).toBeInTheDocument();
    expect(within(row!).getByText('Same mobile number as yours')).toBeVisible();
    expect(within(row!).getByText('Not eligible')).toBeInTheDocument();
    expect(screen.getByText(/earn you no commission and do not count for your level/)).toBeInTheDocument();

    const active = screen.getByRole('table', { name: 'Active Users' });
    expect(within(active).queryByText('User 7')).not.toBeInTheDocument();
    expect(within(active).queryByText('Not eligible')).not.toBeInTheDocument();
  });

  it('shows the tables together, once the first page of each has answered, so none pushes another down', async () => {
    let answerActive: () => void = () => undefined;
    const activeAnswered = new Promise<void>((resolve) => {
      answerActive = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const status = new URL(String(input), 'http://localhost').searchParams.get('status');
        if (status === 'active') await activeAnswered;
        const data = onePage(status === 'ineligible' ? [] : [subUser(status === 'active' ? 99 : 1, 'pending')]);
        return new Response(JSON.stringify({ status: true, message: '', data }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<UsersPage />);
    // Pending has answered; Active has not: neither table is shown yet, only the page's loading status.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'Pending Users' })).not.toBeInTheDocument();
    answerActive();
    expect(await screen.findByRole('table', { name: 'Pending Users' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Active Users' })).toBeInTheDocument();
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

  it('speaks Malayalam: titles, columns, statuses, the reasons and the dates in India time', async () => {
    await applyLanguage('ml');
    const texts = ml.referrals;
    stubTree([
      subUser(7, 'ineligible', 'Same mobile number as yours'),
      subUser(8, 'ineligible', 'Duplicate of another account'),
    ]);
    renderWithProviders(<UsersPage />);
    expect(screen.getByRole('heading', { level: 1, name: texts.users.title })).toBeInTheDocument();
    const pending = await screen.findByRole('table', { name: texts.users.pending.title }, { timeout: 3000 });
    expect(within(pending).getAllByText(texts.status.pending)).toHaveLength(10);
    const joined = texts.joined.replace('{{date}}', formatIndiaDate('2025-02-03T06:00:00.000Z', 'ml'));
    expect(within(pending).getAllByText(joined)).toHaveLength(10);
    expect(screen.getByText(texts.users.total.replace('{{total}}', '12'))).toBeInTheDocument();
    const ineligible = await screen.findByRole('table', { name: texts.users.ineligible.title }, { timeout: 3000 });
    expect(within(ineligible).getByText(ml.messages.referrals.reasons.mobile)).toBeInTheDocument();
    // An operator's own words are shown as they are.
    expect(within(ineligible).getByText('Duplicate of another account')).toBeInTheDocument();
    expect(
      screen.getByRole('navigation', { name: texts.users.pages.replace('{{title}}', texts.users.pending.title) }),
    ).toBeInTheDocument();
  });
});
