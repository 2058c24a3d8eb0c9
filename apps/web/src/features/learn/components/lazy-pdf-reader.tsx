import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { PdfReaderProps } from './pdf-reader';

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
  const href = useFileHref(src);
  return (
    <div className="pdf-fallback bg-white rounded border p-4 text-center" role="alert">
      <p className="mb-3">This PDF cannot be shown here.</p>
      {href && (
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <a href={href} target="_blank" rel="noopener" className="btn btn-primary">Open PDF</a>
          <a href={href} download={`${title}.pdf`} className="btn btn-outline-primary">Download</a>
        </div>
      )}
    </div>
  );
}

export function PdfLoading() {
  return (
    <div className="text-center py-5" role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">Loading PDF…</span>
    </div>
  );
}

/** A reader chunk that failed to load (offline before it was ever cached) falls back to the links. */
class ReaderBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

// pdf.js (about 1 MB with its worker) is only downloaded when a PDF is opened.
const PdfReader = lazy(() => import('./pdf-reader').then((module) => ({ default: module.PdfReader })));

/** The PDF reader, loaded on demand. */
export function LazyPdfReader(props: PdfReaderProps) {
  return (
    <ReaderBoundary fallback={<PdfFallback src={props.src} title={props.title} />}>
      <Suspense fallback={<PdfLoading />}>
        <PdfReader {...props} />
      </Suspense>
    </ReaderBoundary>
  );
}
