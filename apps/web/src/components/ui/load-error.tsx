import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
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
}

/**
 * What a page shows when its data could not be loaded (no endless spinner): a Retry and, offline,
 * the way to the chapters saved for offline.
 */
export function LoadError({ error, onRetry, isRetrying = false }: LoadErrorProps) {
  const isOnline = useIsOnline();
  const isRefused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return (
    <Alert variant="warning" className="load-error">
      <p className="mb-2">{isRefused ? error.displayMessage : 'Could not load this page. Check your connection and try again.'}</p>
      {!isOnline && <p className="small mb-2">You are offline. Chapters you saved for offline still open.</p>}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" size="sm" disabled={isRetrying} onClick={() => void onRetry()}>
          {isRetrying ? 'Retrying…' : 'Retry'}
        </Button>
        {!isOnline && <Link to={paths.downloads.getHref()} className="btn btn-outline-primary btn-sm">Open Downloads</Link>}
      </div>
    </Alert>
  );
}
