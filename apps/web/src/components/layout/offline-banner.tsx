import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useIsOnline } from '@/lib/query';

/**
 * Over the bottom of the window while the browser is offline (styles.css: in the flow it moved the page): what still
 * works, and where it is.
 */
export function OfflineBanner() {
  const { t } = useTranslation('layout');
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div
      className="offline-banner alert alert-warning rounded-0 border-0 border-top mb-0 py-2 px-3 small"
      role="status"
    >
      <Trans
        t={t}
        i18nKey="offline"
        components={{ a: <Link to={paths.downloads.getHref()} className="alert-link" /> }}
      />
    </div>
  );
}
