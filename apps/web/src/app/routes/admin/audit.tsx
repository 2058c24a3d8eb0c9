import { AuditPage } from '@/features/admin/audit/components/audit-page';

export default function AdminAuditRoute() {
  return <AuditPage />;
}
