import { Outlet } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { NoAccess } from '@/features/admin/components/no-access';

/**
 * The operator console's root: signed-in (the router's loader) and holding the admin role (here).
 * Anyone else gets 'You do not have access' and none of the console is rendered or fetched; the
 * API refuses them with 403 in any case.
 */
export default function AdminRoot() {
  const me = useMe();
  if (me.isPending) return <LoadingOverlay />;
  if (!me.data?.roles.includes('admin')) return <NoAccess />;
  return (
    <AdminLayout email={me.data.email}>
      <Outlet />
    </AdminLayout>
  );
}
