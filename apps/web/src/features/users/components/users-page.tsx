import { PageHeader } from '@/components/ui/page-header';

/** Users: a later issue builds this screen (spec section 2). */
export function UsersPage() {
  return <PageHeader title="Users" />;
}
