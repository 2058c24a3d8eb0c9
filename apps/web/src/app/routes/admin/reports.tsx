import { ReportsPage } from '@/features/admin/reports/components/reports-page';

export default function AdminReportsRoute() {
  return <ReportsPage />;
}
