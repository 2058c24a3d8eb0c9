import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'react-pdf/dist/Page/TextLayer.css';
import { useFormat } from '@/lib/format';
import { MarkAsDoneButton, PdfFallback, PdfLoading } from './pdf-placeholders';
import './pdf-reader.css';

// Set here, in the module that renders react-pdf, so react-pdf's own default cannot overwrite it.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * What the reader needs besides the app shell: this chunk (the build puts pdf.js in it) and the
 * worker. The offline worker does not precache them; saving a chapter for offline caches them.
 */
export const readerFiles: readonly string[] = [import.meta.url, workerUrl];

/** Zoom, as a multiple of the fitted width. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOM_STEPS.indexOf(1);
/** The width used before the reader's own width is known (and in jsdom, which has no layout). */
const DEFAULT_WIDTH = 320;
/** A page's height over its width until the first page has loaded: A4 upright, as school notes are. */
const A4_RATIO = Math.SQRT2;

export interface PdfReaderProps {
  /** The file URL (a signed link) or, offline, the stored file. */
  src: string | Blob;
  title: string;
  /** 1-based; out-of-range pages are clamped. */
  initialPage?: number;
  /** Called once the PDF is open and on every page change. */
  onPage?: (page: number, pageCount: number) => void;
  /** Shows 'Mark as done' when given. */
  onMarkDone?: () => void;
  /** Already done (the server says so): the button shows Done. */
  isDone?: boolean;
}

/** The width of `element`, kept up to date. */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = element.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A PDF chapter read page by page (pdf.js through react-pdf): previous/next and the arrow keys,
 * zoom from the fitted width (which suits a 360 px phone), and links to the file itself when
 * it cannot be shown.
 */
export function PdfReader({
  src,
  title,
  initialPage = 1,
  onPage,
  onMarkDone,
  isDone: isDoneBefore = false,
}: PdfReaderProps) {
  const { t } = useTranslation('learning');
  const { number } = useFormat();
  const viewport = useRef<HTMLDivElement>(null);
  const width = useWidth(viewport);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(initialPage);
  const [zoom, setZoom] = useState(FIT);
  const [isMarked, setIsMarked] = useState(false);
  const isDone = isDoneBefore || isMarked;
  const markDone = onMarkDone
    ? () => {
        setIsMarked(true);
        onMarkDone();
      }
    : undefined;
  const [hasFailed, setHasFailed] = useState(false);
  /** Counts the Retries: each loads the file again (a new Document). */
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setHasFailed(false);
    setAttempt((before) => before + 1);
  };
  const [pageRatio, setPageRatio] = useState(A4_RATIO);
  const pageWidth = (width || DEFAULT_WIDTH) * ZOOM_STEPS[zoom]!;
  // While the file or a page loads, its spinner takes the page's room: the page then replaces it without pushing
  // anything, on the first load and at each page turn.
  const loading = <PdfLoading page={{ width: pageWidth, height: Math.round(pageWidth * pageRatio) }} />;

  const goTo = (next: number) => {
    if (pageCount === 0) return;
    const clamped = Math.min(Math.max(next, 1), pageCount);
    if (clamped === page) return;
    setPage(clamped);
    onPage?.(clamped, pageCount);
  };
  const zoomTo = (step: number) => setZoom(Math.min(Math.max(step, 0), ZOOM_STEPS.length - 1));

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => goTo(page - 1),
      PageUp: () => goTo(page - 1),
      ArrowRight: () => goTo(page + 1),
      PageDown: () => goTo(page + 1),
      Home: () => goTo(1),
      End: () => goTo(pageCount),
      '+': () => zoomTo(zoom + 1),
      '=': () => zoomTo(zoom + 1),
      '-': () => zoomTo(zoom - 1),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  // A file that did not load (a dropped connection as often as a file pdf.js cannot read) can be tried again, and the
  // chapter finished either way.
  const fallback = <PdfFallback src={src} title={title} onRetry={retry} onMarkDone={markDone} isDone={isDone} />;
  if (hasFailed) return fallback;
  const percent = `${number(Math.round(ZOOM_STEPS[zoom]! * 100))}%`;

  return (
    <section className="pdf-reader" aria-label={t('pdf.region', { title })}>
      <div className="pdf-toolbar d-flex flex-wrap align-items-center gap-2 mb-2">
        <div className="d-flex align-items-center gap-1">
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={t('pdf.previousPage')}
            disabled={page <= 1 || pageCount === 0}
            onClick={() => goTo(page - 1)}
          >
            ‹
          </Button>
          <span className="pdf-page-label small text-nowrap" aria-live="polite">
            {pageCount > 0 ? t('pdf.pageOf', { page: number(page), count: number(pageCount) }) : t('pdf.pageUnknown')}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={t('pdf.nextPage')}
            disabled={page >= pageCount}
            onClick={() => goTo(page + 1)}
          >
            ›
          </Button>
        </div>
        <div className="d-flex align-items-center gap-1">
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={t('pdf.zoomOut')}
            disabled={zoom === 0}
            onClick={() => zoomTo(zoom - 1)}
          >
            −
          </Button>
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={t('pdf.fitWidthLabel', { percent })}
            title={t('pdf.fitWidth')}
            onClick={() => zoomTo(FIT)}
          >
            {percent}
          </Button>
          <Button
            variant="outline-secondary"
            size="sm"
            aria-label={t('pdf.zoomIn')}
            disabled={zoom === ZOOM_STEPS.length - 1}
            onClick={() => zoomTo(zoom + 1)}
          >
            +
          </Button>
        </div>
        {markDone && <MarkAsDoneButton isDone={isDone} onMarkDone={markDone} size="sm" className="ms-auto" />}
      </div>
      {/* Focusable, so the arrow keys turn pages once the learner has clicked or tabbed into the page. */}
      <div
        ref={viewport}
        className="pdf-viewport rounded"
        role="group"
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={t('pdf.viewport', { title, page: number(page) })}
      >
        <Document
          key={attempt}
          file={src}
          suspense={false}
          loading={loading}
          error={fallback}
          noData={t('pdf.noFile')}
          onLoadSuccess={({ numPages }) => {
            const first = Math.min(Math.max(initialPage, 1), numPages);
            setPageCount(numPages);
            setPage(first);
            onPage?.(first, numPages);
          }}
          onLoadError={() => setHasFailed(true)}
        >
          {pageCount > 0 && (
            <Page
              pageNumber={page}
              width={pageWidth}
              renderAnnotationLayer={false}
              loading={loading}
              onLoadSuccess={({ originalWidth, originalHeight }) => setPageRatio(originalHeight / originalWidth)}
              error={t('pdf.pageFailed')}
              noData={t('pdf.noPage')}
              className="pdf-page mx-auto"
            />
          )}
        </Document>
      </div>
    </section>
  );
}
