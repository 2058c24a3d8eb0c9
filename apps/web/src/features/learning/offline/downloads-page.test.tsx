import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubjectItem } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { DownloadsPage } from './downloads-page';
import { DownloadStoreContext } from './downloads';
import { createMemoryStore } from './memory-store';
import { SaveForOffline } from './save-for-offline';
import type { DownloadStore, OfflineChapter } from './store';

// The offline worker exists only in the production build.
const worker = vi.hoisted(() => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));
vi.mock('@/lib/service-worker', () => worker);

// jsdom cannot run pdf.js: react-pdf stands in, opening any file as 3 pages.
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    Document: ({
      onLoadSuccess,
      children,
    }: {
      onLoadSuccess: (pdf: { numPages: number }) => void;
      children: React.ReactNode;
    }) => {
      useEffect(() => onLoadSuccess({ numPages: 3 }), []); // eslint-disable-line react-hooks/exhaustive-deps
      return <div>{children}</div>;
    },
    Page: ({ pageNumber }: { pageNumber: number }) => <div data-testid="pdf-page" data-page={pageNumber} />,
  };
});

const chapter = (overrides: Partial<OfflineChapter>): OfflineChapter => ({
  subjectId: 1,
  name: 'Geography of India',
  courseId: 9,
  courseName: 'India and the World',
  fileType: 'pdf',
  size: 20_802,
  savedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

async function storeWith(...chapters: OfflineChapter[]): Promise<DownloadStore> {
  const store = createMemoryStore();
  for (const item of chapters)
    await store.save(item, { kind: 'pdf', pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
  return store;
}

describe('DownloadsPage', () => {
  it('lists the saved chapters with their size and the space they use, and removes one', async () => {
    const store = await storeWith(
      chapter({}),
      chapter({
        subjectId: 2,
        name: 'Fractions and Decimals',
        courseName: 'Foundations of Mathematics',
        size: 3_500_000,
        savedAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Fractions and Decimals',
      'Geography of India',
    ]);
    expect(items[1]).toHaveTextContent('India and the World · PDF · 20 KB');
    expect(items[0]).toHaveTextContent('3.3 MB');
    expect(screen.getByText(/Saved chapters use/)).toHaveTextContent('Saved chapters use 3.4 MB');

    await user.click(within(items[0]!).getByRole('button', { name: 'Remove Fractions and Decimals' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(await store.list()).toHaveLength(1);
    expect(await store.files(2)).toBeNull();
  });

  it('opens a saved PDF from the device and reports its pages as progress', async () => {
    const api = mockApi({ 'POST /progress': ok({ course_id: 9 }) });
    await signIn();
    const store = await storeWith(chapter({}));
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );

    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Geography of India' })).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(api.callsTo('POST', '/progress')).toHaveLength(3));
    expect(api.callsTo('POST', '/progress').map((call) => call.body)).toEqual([
      { subject_id: 1, page: 1, page_count: 3 },
      { subject_id: 1, page: 2, page_count: 3 },
      { subject_id: 1, completed: true },
    ]);

    await user.click(screen.getByRole('link', { name: 'Back to Downloads' }));
    expect(await screen.findByRole('heading', { name: 'Downloads' })).toBeInTheDocument();
  });

  it('says how to save a chapter when none is saved', async () => {
    renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );
    expect(await screen.findByText('No chapters saved for offline yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/learn');
  });
});

describe('SaveForOffline', () => {
  const subject: SubjectItem = {
    id: 7,
    name: 'Geography of India',
    about: '',
    photo_path: null,
    file_type: 'pdf',
    hls_url: null,
    file_url: '/live-connect/api/files/subjects/7?u=1&e=2&s=x',
  } as SubjectItem;

  it('fetches the PDF, stores it with the course, asks to keep it, and then shows it saved', async () => {
    await signIn();
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    const pdf = '%PDF-1.7 a small file';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/learn')) {
          const course = { id: 9, name: 'India and the World' };
          return new Response(JSON.stringify({ status: true, message: '', data: { course: [course], school: [] } }), {
            headers: { 'content-type': 'application/json' },
          });
        }
        if (url === subject.file_url) return new Response(pdf, { headers: { 'content-type': 'application/pdf' } });
        return new Response(null, { status: 404 });
      }),
    );
    const store = createMemoryStore();
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <SaveForOffline subject={subject} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );

    // Enabled once My Courses has named the course.
    const button = await screen.findByRole('button', { name: 'Download for offline' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(/Saved for offline \(21 B\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Downloads' })).toHaveAttribute('href', '/downloads');
    const [saved] = await store.list();
    expect(saved).toMatchObject({
      subjectId: 7,
      name: 'Geography of India',
      courseId: 9,
      courseName: 'India and the World',
      fileType: 'pdf',
      size: 21,
    });
    const files = await store.files(7);
    expect(files?.kind === 'pdf' && (await files.pdf.text())).toBe(pdf);
    expect(persist).toHaveBeenCalled();
    expect(worker.registerServiceWorkerNow).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('says when the link has expired', async () => {
    await signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/learn')) {
          const data = { course: [{ id: 9, name: 'India and the World' }], school: [] };
          return new Response(JSON.stringify({ status: true, message: '', data }), {
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response(null, { status: 403 });
      }),
    );
    const { user } = renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <SaveForOffline subject={subject} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );
    const button = await screen.findByRole('button', { name: 'Download for offline' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Open the chapter again and retry.',
    );
  });

  it('is not offered for a video without its renditions, or a link', () => {
    renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <SaveForOffline subject={{ ...subject, file_type: 'video', hls_url: null }} />
        <SaveForOffline subject={{ ...subject, file_type: 'link' }} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
