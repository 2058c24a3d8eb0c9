import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useIsOnline } from '@/lib/query';

interface LoadErrorProps {
  /** The failure: a 4xx answer's own message is shown; anything else is a connection or server problem. */
  error?: unknown;
  /** Loads again, e.g. a query's refetch. */
  onRetry: () => unknown;
  /** True while that retry runs. */
  isRetrying?: boolean;
  /** What failed, when it was not the server refusing (default: the page's data could not be loaded). */
  failedText?: string;
  className?: string;
}

/**
 * What a page shows when its data could not be loaded (no endless spinner), or a video its links: a Retry
 * and, offline, the way to the chapters saved for offline.
 */
export function LoadError({ error, onRetry, isRetrying = false, failedText, className = '' }: LoadErrorProps) {
  const { t } = useTranslation('common');
  const isOnline = useIsOnline();
  const isRefused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <Alert variant="warning" className={`load-error ${className}`.trim()}>
      <p className="mb-2">{isRefused ? error.displayMessage : (failedText ?? t('loadError.failed'))}</p>
      {!isOnline && <p className="small mb-2">{t('loadError.offline')}</p>}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" size="sm" disabled={isRetrying} onClick={() => void onRetry()}>
          {isRetrying ? t('loadError.retrying') : t('loadError.retry')}
        </Button>
        {!isOnline && (
          <Link to={paths.downloads.getHref()} className="btn btn-outline-primary btn-sm">
            {t('loadError.openDownloads')}
          </Link>
        )}
      </div>
    </Alert>
  );
}
