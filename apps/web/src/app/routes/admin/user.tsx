import { UserLedger } from '@/features/admin/money/components/user-ledger';
import { UserPage } from '@/features/admin/people/components/user-page';
import { useIdParam } from '@/features/admin/utils/id-param';
import { AdminNotFound } from './not-found';

/** One user: the people view, with the money view's ledger. */
export default function AdminUserRoute() {
  const userId = useIdParam('userId');
  return userId ? <UserPage key={userId} userId={userId} ledger={<UserLedger userId={userId} />} /> : <AdminNotFound />;
}
