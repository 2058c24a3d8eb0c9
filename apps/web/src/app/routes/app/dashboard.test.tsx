import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profile } from '@/features/profile/components/test-data';
import { levelStatus } from '@/features/referrals/components/test-data';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import DashboardRoute from './dashboard';

describe('Dashboard', () => {
  it('lays out its cards once the level is known too, so the level card does not push Invite People down', async () => {
    const levelReply = deferred();
    const server = mockApi({
      'GET /ads': ok({ url: null }),
      'GET /continue': ok(null),
      'GET /batch': ok(null),
      'GET /level-status': levelReply.handler,
      'GET /profile': ok(profile()),
      'GET /recent/tree': ok([]),
    });
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
});
