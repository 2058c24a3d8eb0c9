import { PurchasesPage } from '@/features/admin/money/components/purchases-page';

export default function AdminPurchasesRoute() {
  return <PurchasesPage />;
}
