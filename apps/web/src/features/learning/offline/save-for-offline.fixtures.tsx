import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { MeData } from '@app/contracts';
import { renderWithProviders } from '@/testing/test-utils';
import { learnReply, pdfSubject } from '../learning.fixtures';
import { DownloadStoreContext } from './download-store';
import { SaveForOffline } from './save-for-offline';
import type { DownloadStore } from './store';

/** The server as saving a chapter reaches it: GET /learn, the PDF chapter's file and, given `me`, GET /me; else 404. */
export function stubChapterServer(options: { pdf?: string; me?: MeData } = {}): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/learn')) return learnReply();
      if (options.me && url.endsWith('/me')) return Response.json({ status: true, message: '', data: options.me });
      if (url === pdfSubject.file_url)
        return new Response(options.pdf ?? '%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      return new Response(null, { status: 404 });
    }),
  );
}

/** 'Download for offline' of pdfSubject on its course's page, saving into `store`: answers once the button is enabled. */
export async function renderSaveForOffline(store: DownloadStore) {
  const rendered = renderWithProviders(
    <DownloadStoreContext value={store}>
      <SaveForOffline subject={pdfSubject} />
    </DownloadStoreContext>,
    { path: '/learn-more/:id', url: '/learn-more/9' },
  );
  // Enabled once My Courses has named the course.
  const button = await screen.findByRole('button', { name: 'Download for offline' });
  await waitFor(() => expect(button).toBeEnabled());
  return { ...rendered, button };
}
