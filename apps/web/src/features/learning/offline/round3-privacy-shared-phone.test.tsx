import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '@/app/router';
import { api, ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query';
import { readToken } from '@/lib/token-storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { DownloadsPage } from './downloads-page';
import { DownloadStoreContext } from './download-store';
import { useForgetLostCourses } from './forget-lost-courses';
import { createMemoryStore } from './memory-store';
import { renderSaveForOffline, stubChapterServer } from './save-for-offline.fixtures';

const worker = vi.hoisted(() => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));
vi.mock('@/lib/service-worker', () => worker);
vi.mock('react-pdf', async () => (await import('../learning.fixtures')).reactPdfStandIn);

/** What the signed-in shell (app/routes/app/root.tsx, components/layout/app-shell.tsx) runs around every page. */
function SignedInFrame() {
  useMe();
  useForgetLostCourses();
  return <DownloadsPage />;
}

/**
 * Round 3 privacy review: a phone shared by two children. Logout deletes the chapters saved for offline
 * (app-shell.tsx's forgetDevice), but a session that ends with a 401 (a password changed on another device signs
 * this one out, a token idle for 30 days, an operator's revocation) only clears the token (api-client.ts settle →
 * clearSession; router.tsx onUnauthorized). The chapters stay in IndexedDB, not tied to any learner, and the next
 * child to sign in on the phone opens Downloads and sees (and studies) what the first one bought: the chapter and
 * course names say which courses that child paid for, and their paid material opens without a purchase.
 */
describe('round 3 privacy: chapters saved for offline on a shared phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Asha saves a chapter of her course for offline; her session then ends with a 401; Ravi signs in on the phone. */
  async function ashaSavesThenRaviSignsIn(options: { isOnline: boolean }) {
    const store = createMemoryStore();
    await signIn('asha-token');
    stubChapterServer({ pdf: '%PDF-1.7 paid material' });
    const saving = await renderSaveForOffline(store);
    await saving.user.click(saving.button);
    expect(await screen.findByText(/Saved for offline/)).toBeInTheDocument();
    saving.unmount();

    // Her session ends with a 401 (signed out elsewhere); the app's own 401 handling runs.
    createAppRouter(createQueryClient(), [{ path: '*', element: null }]);
    mockApi({ 'GET /me': fail(401, 'Unauthenticated.') });
    await expect(api.get('/me')).rejects.toBeInstanceOf(ApiError);
    expect(await readToken()).toBeNull();

    // Her brother signs in on the same phone; he has bought nothing, and course 9 is not his.
    await signIn('ravi-token');
    mockApi({
      'GET /me': ok(learner({ first_name: 'Ravi', referral_code: 'RAVI2345', email_verified_at: '2026-11-01' })),
      'GET /learn': ok({ course: [], school: [] }),
      'GET /terms/9': fail(403, 'Buy this course to open it.'),
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(options.isOnline);
    renderWithProviders(
      <DownloadStoreContext value={store}>
        <SignedInFrame />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );
    await screen.findByRole('heading', { level: 1 });
  }

  it('are not listed to the next learner, offline, after the first one’s session ended with a 401', async () => {
    await ashaSavesThenRaviSignsIn({ isOnline: false });
    // Offline (on the bus), the page keeps every saved chapter: Ravi would open Asha's paid chapter.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.queryByText('Geography of India')).toBeNull();
  });

  it('do not tell the next learner, online, which courses the first one had', async () => {
    await ashaSavesThenRaviSignsIn({ isOnline: true });
    await waitFor(() => expect(screen.queryAllByRole('article')).toEqual([]));
    // Asha's course name, and that it is 'no longer among your courses (refunded, …)', is not Ravi's to read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(/India and the World/)).toBeNull();
  });
});
