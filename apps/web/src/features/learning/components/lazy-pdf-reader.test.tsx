import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PdfReaderProps } from './pdf-reader';

/**
 * The wrapper as a page load has it (its lazy reader is module state), with the reader's chunk failing to load `failures`
 * times (a dropped connection) before it loads: a stand-in for the reader then, as jsdom cannot run pdf.js.
 */
async function lazyReaderWithChunkFailing(failures: number) {
  let left = failures;
  vi.resetModules();
  vi.doMock('./pdf-reader', async () => {
    if (left > 0) {
      left -= 1;
      throw new TypeError('Failed to fetch dynamically imported module: /assets/pdf-reader.js');
    }
    return {
      PdfReader: ({ title, isDone }: PdfReaderProps) => (
        <p>
          Reader: {title}
          {isDone && ' (done)'}
        </p>
      ),
    };
  });
  return (await import('./lazy-pdf-reader')).LazyPdfReader;
}

describe('LazyPdfReader', () => {
  beforeEach(() => {
    // React reports each error its boundary catches: here, the chunk's failures the tests cause.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("offers Retry and 'Mark as done' when the reader's chunk did not load, and Retry loads it again", async () => {
    const LazyPdfReader = await lazyReaderWithChunkFailing(2);
    const onMarkDone = vi.fn();
    const user = userEvent.setup();
    render(<LazyPdfReader src="/files/7.pdf" title="Geography" onMarkDone={onMarkDone} />);
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/files/7.pdf');

    // Read through 'Open PDF' meanwhile, the chapter can be finished here.
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(onMarkDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Reader: Geography (done)')).toBeInTheDocument();
  });

  it('opens the next PDF with the reader after a failed load, not with the fallback for the rest of the visit', async () => {
    const LazyPdfReader = await lazyReaderWithChunkFailing(1);
    const { unmount } = render(<LazyPdfReader src="/files/7.pdf" title="Geography" />);
    expect(await screen.findByText('This PDF cannot be shown here.')).toBeInTheDocument();
    unmount();

    render(<LazyPdfReader src="/files/8.pdf" title="History" />);
    expect(await screen.findByText('Reader: History')).toBeInTheDocument();
  });
});
