import { HeldReferralsPage } from '@/features/admin/people/components/held-referrals-page';

export default function AdminHeldReferralsRoute() {
  return <HeldReferralsPage />;
}
