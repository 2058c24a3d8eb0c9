import { useTranslation } from 'react-i18next';
import type { SubUser } from '@app/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/loading-overlay';
import { useSubUsers } from '../api/get-sub-users';
import { SubUsersTable } from './sub-users-table';

const STATUSES: readonly SubUser['status'][] = ['pending', 'active', 'ineligible'];

/**
 * Users: the learner's real direct sub-users, pending and active, each paginated from GET /tree
 * (a deliberate deviation from the spec's static placeholder; no delete action). Sub-users who earn
 * the learner nothing (a self-referral, or rejected in review) are in their own "Not eligible"
 * table, shown only when there are some, each with the reason: they are neither waiting to buy
 * (Pending) nor counted (Active).
 *
 * The tables show together, once the first page of each has answered: shown as each arrived, a table
 * growing from its spinner to its rows pushed the ones below it (and their pagers) down under a tap.
 */
export function UsersPage() {
  const { t } = useTranslation('referrals');
  // Three calls of one hook rather than useQueries, which no other page uses and the framework's chunk would carry.
  const firstPages = [useSubUsers('pending', 1), useSubUsers('active', 1), useSubUsers('ineligible', 1)];
  return (
    <>
      <PageHeader title={t('users.title')} />
      {firstPages.some((query) => query.isPending) ? (
        <PageLoading label={t('users.loading')} />
      ) : (
        STATUSES.map((status) => <SubUsersTable key={status} status={status} />)
      )}
    </>
  );
}
