import { UsersPage } from '@/features/users/components/users-page';

export default function UsersRoute() {
  return <UsersPage />;
}
