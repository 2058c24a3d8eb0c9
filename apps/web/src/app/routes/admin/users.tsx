import { UsersPage } from '@/features/admin/people/components/users-page';

export default function AdminUsersRoute() {
  return <UsersPage />;
}
