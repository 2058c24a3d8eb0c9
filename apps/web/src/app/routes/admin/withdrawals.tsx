import { WithdrawalsPage } from '@/features/admin/money/components/withdrawals-page';

export default function AdminWithdrawalsRoute() {
  return <WithdrawalsPage />;
}
