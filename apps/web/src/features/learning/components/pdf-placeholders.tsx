import { useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

// What shows instead of the PDF, in the main chunk: both the lazy wrapper and the reader's own
// chunk (pdf-reader.tsx) use it, so neither imports the other's module.

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

/** When the reader cannot show the PDF (Chrome on Android shows none in a frame): the file itself. */
export function PdfFallback({ src, title }: { src: string | Blob; title: string }) {
  const { t } = useTranslation('learning');
  const href = useFileHref(src);
  return (
    <div className="pdf-fallback bg-white rounded border p-4 text-center" role="alert">
      <p className="mb-3">{t('pdf.cannotShow')}</p>
      {href && (
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <a href={href} target="_blank" rel="noopener" className="btn btn-primary">
            {t('pdf.openPdf')}
          </a>
          <a href={href} download={`${title}.pdf`} className="btn btn-outline-primary">
            {t('pdf.download')}
          </a>
        </div>
      )}
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
