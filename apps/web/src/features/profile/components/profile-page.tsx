import { PageHeader } from '@/components/ui/page-header';

/** Profile: a later issue builds this screen (spec section 2). */
export function ProfilePage() {
  return <PageHeader title="Profile" />;
}
