import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { PdfReaderProps } from './pdf-reader';
import { PdfFallback, PdfLoading } from './pdf-placeholders';

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
