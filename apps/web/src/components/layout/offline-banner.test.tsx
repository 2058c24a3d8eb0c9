import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { OfflineBanner } from './offline-banner';

function goOffline(isOffline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);
  act(() => {
    window.dispatchEvent(new Event(isOffline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  it('shows while offline, with a link to Downloads, and hides when back online', async () => {
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Chapters you saved for offline are in Downloads.',
    );
    expect(screen.getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/downloads');

    goOffline(false);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});
