import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import type { PdfReaderProps } from './pdf-reader';
import { PdfFallback, PdfLoading } from './pdf-placeholders';

interface ReaderBoundaryProps {
  /** What shows instead, given what shows the reader again. */
  fallback: (retry: () => void) => ReactNode;
  onError: () => void;
  children: ReactNode;
}

/** A reader chunk that failed to load (offline before it was ever cached, a dropped connection) falls back to the links. */
class ReaderBoundary extends Component<ReaderBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  retry = () => this.setState({ hasFailed: false });
  override render() {
    return this.state.hasFailed ? this.props.fallback(this.retry) : this.props.children;
  }
}

// pdf.js (about 1 MB with its worker) is only downloaded when a PDF is opened.
const lazyReader = () => lazy(() => import('./pdf-reader').then((module) => ({ default: module.PdfReader })));

/**
 * The reader the next PDF opens with. React keeps a lazy component's failed load for good, so one that failed is
 * replaced: the next PDF, or a Retry, loads the chunk again instead of showing the fallback for the rest of the visit.
 */
let nextReader = lazyReader();

/** The PDF reader, loaded on demand; if it cannot load, the file's links, Retry and 'Mark as done'. */
export function LazyPdfReader(props: PdfReaderProps) {
  const [Reader, setReader] = useState(() => nextReader);
  const [isMarked, setIsMarked] = useState(false);
  const { onMarkDone } = props;
  const isDone = (props.isDone ?? false) || isMarked;
  const markDone =
    onMarkDone &&
    (() => {
      setIsMarked(true);
      onMarkDone();
    });
  return (
    <ReaderBoundary
      onError={() => {
        if (nextReader === Reader) nextReader = lazyReader();
      }}
      fallback={(retry) => (
        <PdfFallback
          src={props.src}
          title={props.title}
          onRetry={() => {
            setReader(() => nextReader);
            retry();
          }}
          onMarkDone={markDone}
          isDone={isDone}
        />
      )}
    >
      <Suspense fallback={<PdfLoading />}>
        <Reader {...props} isDone={isDone} />
      </Suspense>
    </ReaderBoundary>
  );
}
