import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons';

// What shows instead of the PDF, and the 'Mark as done' that goes with it either way, in the main chunk: both the lazy
// wrapper and the reader's own chunk (pdf-reader.tsx) use it, so neither imports the other's module.

/** The file's URL for links: the src itself, or an object URL of a stored Blob (revoked when done). */
export function useFileHref(src: string | Blob): string | null {
  const [objectUrl, setObjectUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (typeof src === 'string') return;
    // An object URL is a resource to release: made and revoked with the effect (a memo would outlive it).
    const url = URL.createObjectURL(src);
    setObjectUrl({ blob: src, url }); // eslint-disable-line react-hooks/set-state-in-effect
    return () => URL.revokeObjectURL(url);
  }, [src]);
  if (typeof src === 'string') return src;
  return objectUrl?.blob === src ? objectUrl.url : null;
}

interface MarkAsDoneProps {
  /** Already done (the server says so, or the learner marked it): the button shows Done. */
  isDone: boolean;
  onMarkDone: () => void;
  size?: 'sm';
  className?: string;
}

/** 'Mark as done', then 'Done' (disabled). */
export function MarkAsDoneButton({ isDone, onMarkDone, size, className = '' }: MarkAsDoneProps) {
  const { t } = useTranslation('learning');
  return (
    <Button
      variant={isDone ? 'success' : 'primary'}
      size={size}
      className={`d-inline-flex align-items-center gap-1 ${className}`.trim()}
      disabled={isDone}
      onClick={onMarkDone}
    >
      {isDone ? (
        <>
          <CheckIcon /> {t('pdf.done')}
        </>
      ) : (
        t('pdf.markAsDone')
      )}
    </Button>
  );
}

interface PdfFallbackProps {
  src: string | Blob;
  title: string;
  /** Tries the reader again (its code or the file failed to load, perhaps for the connection). */
  onRetry?: () => void;
  /** Shows 'Mark as done' when given: a learner who read the file outside the reader can still finish the chapter. */
  onMarkDone?: () => void;
  isDone?: boolean;
}

/**
 * When the reader cannot show the PDF (its code or the file did not load; Chrome on Android shows none in a frame):
 * Retry, the file itself, and 'Mark as done'.
 */
export function PdfFallback({ src, title, onRetry, onMarkDone, isDone = false }: PdfFallbackProps) {
  const { t } = useTranslation('learning');
  const href = useFileHref(src);
  return (
    <div className="pdf-fallback bg-white rounded border p-4 text-center" role="alert">
      <p className="mb-3">{t('pdf.cannotShow')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {onRetry && (
          <Button variant="primary" onClick={onRetry}>
            {t('loadError.retry', { ns: 'common' })}
          </Button>
        )}
        {href && (
          <>
            <a
              href={href}
              target="_blank"
              rel="noopener"
              className={`btn ${onRetry ? 'btn-outline-primary' : 'btn-primary'}`}
            >
              {t('pdf.openPdf')}
            </a>
            <a href={href} download={`${title}.pdf`} className="btn btn-outline-primary">
              {t('pdf.download')}
            </a>
          </>
        )}
      </div>
      {onMarkDone && <MarkAsDoneButton isDone={isDone} onMarkDone={onMarkDone} className="mt-3" />}
    </div>
  );
}

/** A spinner where the PDF will be; `page` (px) keeps the page's room, so nothing moves when the page arrives. */
export function PdfLoading({ page }: { page?: { width: number; height: number } } = {}) {
  const { t } = useTranslation('learning');
  return (
    <div
      className="text-center py-5"
      role="status"
      style={page ? { width: page.width, minHeight: page.height, marginInline: 'auto' } : undefined}
    >
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{t('pdf.loading')}</span>
    </div>
  );
}
