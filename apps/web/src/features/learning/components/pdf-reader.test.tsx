import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyPdfReader } from './lazy-pdf-reader';
import { PdfReader } from './pdf-reader';

/** Loads of 'flaky.pdf' that fail before one succeeds (a dropped connection). */
const flaky = vi.hoisted(() => ({ failures: 0 }));

// jsdom cannot run pdf.js: react-pdf stands in, opening any file as 12 pages but 'broken.pdf' and non-PDF Blobs (and
// 'flaky.pdf' while it has failures left).
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  type DocumentProps = {
    file: unknown;
    onLoadSuccess: (pdf: { numPages: number }) => void;
    onLoadError: (error: Error) => void;
    children: React.ReactNode;
  };
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({ file, onLoadSuccess, onLoadError, children }: DocumentProps) => {
      useEffect(() => {
        if (file === 'flaky.pdf' && flaky.failures > 0) {
          flaky.failures -= 1;
          onLoadError(new Error('Unexpected server response (502).'));
        } else if (file === 'broken.pdf' || (file instanceof Blob && file.type !== 'application/pdf'))
          onLoadError(new Error('Invalid PDF structure.'));
        else onLoadSuccess({ numPages: 12 });
      }, [file]); // eslint-disable-line react-hooks/exhaustive-deps
      return <div>{children}</div>;
    },
    Page: ({ pageNumber, width }: { pageNumber: number; width: number }) => (
      <div data-testid="pdf-page" data-page={pageNumber} data-width={width} />
    ),
  };
});

const FILE = '/live-connect/api/files/subjects/7?u=1&e=2&s=x';

describe('PdfReader', () => {
  it('turns pages with the buttons and the arrow keys, reporting each page', async () => {
    const onPage = vi.fn();
    const user = userEvent.setup();
    render(<PdfReader src={FILE} title="Geography of India" initialPage={3} onPage={onPage} />);
    expect(await screen.findByText('Page 3 of 12')).toBeInTheDocument();
    expect(onPage).toHaveBeenLastCalledWith(3, 12);
    expect(screen.getByTestId('pdf-page')).toHaveAttribute('data-page', '3');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 4 of 12')).toBeInTheDocument();
    expect(onPage).toHaveBeenLastCalledWith(4, 12);

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(2, 12);

    screen.getByLabelText('Geography of India, page 2').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Page 4 of 12')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText('Page 12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(onPage).toHaveBeenCalledTimes(7);
  });

  it('clamps the initial page and zooms from the fitted width', async () => {
    const user = userEvent.setup();
    render(<PdfReader src={FILE} title="Notes" initialPage={40} />);
    expect(await screen.findByText('Page 12 of 12')).toBeInTheDocument();
    const width = () => Number(screen.getByTestId('pdf-page').getAttribute('data-width'));
    const fitted = width();
    expect(screen.getByRole('button', { name: '100% (fit width)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(width()).toBe(fitted * 1.25);
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(width()).toBe(fitted * 0.75);
    await user.click(screen.getByRole('button', { name: /fit width/ }));
    expect(width()).toBe(fitted);
  });

  it("shows 'Mark as done' only when asked, and reports it once", async () => {
    const onMarkDone = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<PdfReader src={FILE} title="Notes" />);
    await screen.findByText('Page 1 of 12');
    expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();

    rerender(<PdfReader src={FILE} title="Notes" onMarkDone={onMarkDone} />);
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(onMarkDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
  });

  it('shows Done for a PDF the server already counts as done (finished on another visit)', async () => {
    render(<PdfReader src={FILE} title="Notes" onMarkDone={vi.fn()} isDone />);
    await screen.findByText('Page 1 of 12');
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();
  });

  it("offers 'Open PDF' and 'Download' links to the file when it cannot be shown", async () => {
    render(<PdfReader src="broken.pdf" title="Notes" />);
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', 'broken.pdf');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'Notes.pdf');
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it("offers Retry and 'Mark as done' when the file did not load, and Retry loads it again", async () => {
    flaky.failures = 2;
    const onMarkDone = vi.fn();
    const user = userEvent.setup();
    render(<PdfReader src="flaky.pdf" title="Notes" initialPage={3} onMarkDone={onMarkDone} />);
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();

    // Read through 'Open PDF' meanwhile, the chapter can be finished here.
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(onMarkDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Page 3 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
  });

  it('loads on demand, and links a stored file that cannot be shown through an object URL', async () => {
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn(() => 'blob:http://localhost/1'),
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    render(<LazyPdfReader src={new Blob(['not a pdf'], { type: 'text/plain' })} title="Saved" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading PDF…');
    expect(await screen.findByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', 'blob:http://localhost/1');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'Saved.pdf');
  });
});
