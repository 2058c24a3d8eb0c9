import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { SubUsersTable } from './sub-users-table';

/**
 * Users: the learner's real direct sub-users, pending and active, each paginated from GET /tree
 * (a deliberate deviation from the spec's static placeholder; no delete action). Sub-users who earn
 * the learner nothing (a self-referral, or rejected in review) are in their own "Not eligible"
 * table, shown only when there are some, each with the reason: they are neither waiting to buy
 * (Pending) nor counted (Active).
 */
export function UsersPage() {
  const { t } = useTranslation('referrals');
  return (
    <>
      <PageHeader title={t('users.title')} />
      <SubUsersTable status="pending" />
      <SubUsersTable status="active" />
      <SubUsersTable status="ineligible" />
    </>
  );
}
