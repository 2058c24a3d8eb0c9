import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMe } from '@/lib/auth/get-me';
import { learnerOnDevice, rememberLearner } from '@/lib/learner-storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { chapter, course, OWNER, storeWith } from '../learning.fixtures';
import { DownloadsPage } from './downloads-page';
import { DownloadStoreContext } from './download-store';
import { useForgetLostCourses } from './forget-lost-courses';

vi.mock('@/lib/service-worker', () => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));
vi.mock('react-pdf', async () => (await import('../learning.fixtures')).reactPdfStandIn);

/** The signed-in shell's part in it (app/routes/app/root.tsx): GET /me and the watcher of its answers. */
function SignedInFrame() {
  useMe();
  useForgetLostCourses();
  return <DownloadsPage />;
}

/** The learner's own chapter (1), her brother's (2), and one saved before chapters had a learner (3). */
const sharedPhone = () =>
  storeWith(
    chapter({}),
    chapter({ subjectId: 2, name: 'Light and Shadow', courseId: 4, courseName: 'Science 6', learner: 'RAVI2345' }),
    chapter({ subjectId: 3, name: 'Old Download', courseId: 5, courseName: 'Hindi 6', learner: undefined }),
  );

describe('saved chapters belong to the learner who saved them (decision 058)', () => {
  it('offline, before GET /me answers, lists and opens only the chapters of the learner stored on the device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({});
    await signIn();
    rememberLearner(OWNER);
    const store = await sharedPhone();
    renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      // Her brother's chapter asked for by its link: the list shows instead.
      { path: '/downloads', url: '/downloads?chapter=2' },
    );
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Geography of India']);
    expect(screen.queryByText(/Science 6|Hindi 6/)).toBeNull();
    // Nothing is removed until the server says who is signed in.
    expect(await store.list()).toHaveLength(3);
  });

  it('lists none while no learner of this session is known', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({});
    await signIn();
    renderWithProviders(
      <DownloadStoreContext value={await sharedPhone()}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );
    expect(await screen.findByText('No chapters saved for offline yet.')).toBeInTheDocument();
  });

  it('when GET /me answers, removes every other learner’s chapter and the unowned ones, with their files', async () => {
    mockApi({
      'GET /me': ok(learner()),
      'GET /learn': ok({ course: [course({ id: 9, name: 'India and the World' })], school: [] }),
      'GET /terms/4': fail(403, 'Buy this course to open it.'),
      'GET /terms/5': fail(403, 'Buy this course to open it.'),
    });
    await signIn();
    const store = await sharedPhone();
    renderWithProviders(
      <DownloadStoreContext value={store}>
        <SignedInFrame />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );
    await waitFor(async () => expect((await store.list()).map((saved) => saved.subjectId)).toEqual([1]));
    expect(await store.files(2)).toBeNull();
    expect(await store.files(3)).toBeNull();
    expect(await store.files(1)).not.toBeNull();
    expect(learnerOnDevice()).toBe(OWNER);
    expect((await screen.findAllByRole('article')).map((item) => item.getAttribute('aria-label'))).toEqual([
      'Geography of India',
    ]);
    // Not hers, so not hers to be told about: no 'Saved chapters of … were removed'.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
