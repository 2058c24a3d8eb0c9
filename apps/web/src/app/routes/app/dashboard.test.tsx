import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profile } from '@/features/profile/components/test-data';
import { levelStatus } from '@/features/referrals/components/test-data';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn, studiedLast } from '@/testing/test-utils';
import { createQueryClient } from '@/lib/query';
import { continueQueryKey } from '@/features/learning/api/get-continue';
import DashboardRoute from './dashboard';

/** The dashboard's six reads, each answered at once unless `replies` answers it otherwise. */
function mockDashboardApi(replies: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /ads': ok({ url: null }),
    'GET /continue': ok(null),
    'GET /batch': ok(null),
    'GET /level-status': ok(levelStatus()),
    'GET /profile': ok(profile()),
    'GET /recent/tree': ok([]),
    ...replies,
  });
}

describe('Dashboard', () => {
  it('lays out its cards once the level is known too, so the level card does not push Invite People down', async () => {
    const levelReply = deferred();
    const server = mockDashboardApi({ 'GET /level-status': levelReply.handler });
    await signIn();
    renderWithProviders(<DashboardRoute />);
    await waitFor(() => expect(server.callsTo('GET', '/profile')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Everything else has answered; the level card, taller loaded than loading, would sit above the profile card.
    expect(screen.queryByRole('button', { name: 'Invite People' })).not.toBeInTheDocument();

    levelReply.release(ok(levelStatus()));
    expect(await screen.findByRole('heading', { name: /Bronze/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite People' })).toBeInTheDocument();
  });

  it('waits for a kept "nothing studied yet" asked again, so Continue learning does not push the cards down', async () => {
    const continueReply = deferred();
    mockDashboardApi({ 'GET /continue': continueReply.handler });
    await signIn();
    // The device kept the answer from before the first chapter was studied; studying it invalidated the answer.
    const queryClient = createQueryClient();
    queryClient.setQueryData(continueQueryKey, null);
    await queryClient.invalidateQueries({ queryKey: continueQueryKey, refetchType: 'none' });
    renderWithProviders(<DashboardRoute />, { queryClient });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Invite People' })).not.toBeInTheDocument();

    continueReply.release(ok(studiedLast));
    expect(await screen.findByRole('heading', { name: /Continue learning/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite People' })).toBeInTheDocument();
  });

  it('keeps its cards while "what was studied last" is asked again', async () => {
    const continueReply = deferred();
    let continueCalls = 0;
    mockDashboardApi({ 'GET /continue': () => (++continueCalls === 1 ? ok(null) : continueReply.handler()) });
    await signIn();
    const { queryClient } = renderWithProviders(<DashboardRoute />);
    expect(await screen.findByRole('button', { name: 'Invite People' })).toBeInTheDocument();

    // A progress report sent from the offline queue invalidates it while the dashboard is open.
    void queryClient.invalidateQueries({ queryKey: continueQueryKey });
    await waitFor(() => expect(continueCalls).toBe(2));
    expect(screen.getByRole('button', { name: 'Invite People' })).toBeInTheDocument();
    continueReply.release(ok(studiedLast));
    expect(await screen.findByRole('heading', { name: /Continue learning/i })).toBeInTheDocument();
  });
});
