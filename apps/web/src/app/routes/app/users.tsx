import { UsersPage } from '@/features/referrals/components/users-page';

export default function UsersRoute() {
  return <UsersPage />;
}
