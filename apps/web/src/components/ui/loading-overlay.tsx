import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** Covers the page while something it depends on loads. */
export function LoadingOverlay({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}

/** A small spinner in the flow of the page, for one part that is still loading; `label` says what (else 'Loading…'). */
export function InlineLoading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </Spinner>
  );
}

/**
 * A spinner in the middle of the page's width, where a part of the page will be once it has loaded; `label` says what
 * (else 'Loading…').
 */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="text-center py-5">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{label ?? t('loading')}</span>
      </Spinner>
    </div>
  );
}
