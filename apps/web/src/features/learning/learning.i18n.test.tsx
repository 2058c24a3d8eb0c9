import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillTemplate, formatIndiaDate } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { rememberLearner } from '@/lib/learner-storage';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { MyCoursesPage } from './components/my-courses-page';
import { chapter, course, expiredLinkFetch, OWNER, pdfSubject, storeWith } from './learning.fixtures';
import { DownloadsPage } from './offline/downloads-page';
import { DownloadStoreContext } from './offline/download-store';
import { formatBytes } from './offline/downloads';
import { createMemoryStore } from './offline/memory-store';
import { SaveForOffline } from './offline/save-for-offline';

vi.mock('@/lib/service-worker', () => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));

vi.mock('react-pdf', async () => (await import('./learning.fixtures')).reactPdfStandIn);

describe('learning in Hindi and Malayalam', () => {
  it('shows My Courses in Hindi: the cards, their percent done and links', async () => {
    await applyLanguage('hi');
    const t = hi.learning;
    mockApi({
      'GET /learn': ok({
        course: [
          course({
            id: 1,
            name: 'Foundations of Mathematics',
            progress_percent: 37.5,
            certificate_id: 'c3f1a9e2b7',
            certificate_url: 'http://x/certificate/c3f1a9e2b7',
          }),
        ],
        school: [course({ id: 2, name: 'Class 8 Science' })],
      }),
    });
    await signIn();
    renderWithProviders(<MyCoursesPage />, { path: '/learn' });
    const card = within(await screen.findByRole('article', { name: 'Foundations of Mathematics' }));
    expect(screen.getByRole('heading', { level: 1, name: t.myCourses.title })).toBeInTheDocument();
    expect(card.getByText(fillTemplate(t.card.percentDone, { percent: '37.5' }))).toBeInTheDocument();
    expect(
      card.getByRole('progressbar', {
        name: fillTemplate(t.card.progressLabel, { name: 'Foundations of Mathematics' }),
      }),
    ).toBeInTheDocument();
    expect(
      card.getByRole('link', { name: fillTemplate(t.card.viewMoreLabel, { name: 'Foundations of Mathematics' }) }),
    ).toHaveTextContent(t.card.viewMore);
    expect(
      card.getByRole('link', { name: fillTemplate(t.card.certificateLabel, { name: 'Foundations of Mathematics' }) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.myCourses.schoolSubjects })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.purchaseCourses })).toHaveAttribute('href', '/courses');
  });

  it('shows Downloads in Malayalam: sizes and dates in Malayalam, and a saved PDF with its toolbar', async () => {
    await applyLanguage('ml');
    const t = ml.learning;
    mockApi({ 'POST /progress': ok({ course_id: 9 }) });
    await signIn();
    rememberLearner(OWNER);
    const store = await storeWith(chapter({ size: 3_500_000 }));
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );

    const item = await screen.findByRole('article', { name: 'Geography of India' });
    expect(screen.getByRole('heading', { level: 1, name: t.downloads.title })).toBeInTheDocument();
    const savedOn = fillTemplate(t.downloads.savedOn, { date: formatIndiaDate('2026-11-20T10:00:00.000Z', 'ml') });
    expect(savedOn).toContain('2026');
    expect(item).toHaveTextContent(
      `India and the World · ${t.downloads.pdf} · ${formatBytes(3_500_000, 'ml')} · ${savedOn}`,
    );
    expect(screen.getByText(/ഉപയോഗിക്കുന്നു/)).toHaveTextContent(
      `${t.downloads.summary.replace(/<\/?strong>/g, '').replace('{{size}}', '3.3 MB')}`,
    );
    expect(
      within(item).getByRole('button', { name: fillTemplate(t.downloads.removeLabel, { name: 'Geography of India' }) }),
    ).toHaveTextContent(t.downloads.remove);

    await user.click(within(item).getByRole('button', { name: t.downloads.open }));
    expect(await screen.findByText(fillTemplate(t.pdf.pageOf, { page: '1', count: '3' }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.pdf.nextPage }));
    expect(screen.getByText(fillTemplate(t.pdf.pageOf, { page: '2', count: '3' }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.pdf.markAsDone }));
    expect(await screen.findByRole('button', { name: t.pdf.done })).toBeDisabled();
    expect(screen.getByRole('link', { name: t.downloads.backToDownloads })).toBeInTheDocument();
  });

  it("says in Hindi why 'Download for offline' failed", async () => {
    await applyLanguage('hi');
    const t = hi.learning;
    await signIn();
    vi.stubGlobal('fetch', expiredLinkFetch());
    const { user } = renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <SaveForOffline subject={pdfSubject} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );
    const button = await screen.findByRole('button', { name: t.save.download });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(t.save.errors.expired);
  });
});
