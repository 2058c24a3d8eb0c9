import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useIsOnline } from '@/lib/query';

/** Under the header while the browser is offline: what still works, and where it is. */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className="offline-banner alert alert-warning rounded-0 border-0 border-bottom mb-0 py-2 px-3 small" role="status">
      You are offline. Chapters you saved for offline are in{' '}
      <Link to={paths.downloads.getHref()} className="alert-link">Downloads</Link>.
    </div>
  );
}
