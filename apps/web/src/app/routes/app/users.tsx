import { UsersPage } from '@/features/users/components/users-page';

export default function Route() {
  return <UsersPage />;
}
