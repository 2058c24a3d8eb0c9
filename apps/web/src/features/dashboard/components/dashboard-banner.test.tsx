import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { DashboardBanner, fallbackBannerUrl } from './dashboard-banner';

describe('DashboardBanner', () => {
  it('shows the running ad from GET /ads', async () => {
    mockApi({ 'GET /ads': ok({ url: '/media/ads/spring.png' }) });
    renderWithProviders(<DashboardBanner />);
    expect(await screen.findByRole('img', { name: 'Advertisement' }, { timeout: 3000 })).toHaveAttribute(
      'src',
      '/media/ads/spring.png',
    );
  });

  it('falls back to the default image when no ad runs or the call fails', async () => {
    mockApi({ 'GET /ads': ok({ url: null }) });
    const first = renderWithProviders(<DashboardBanner />);
    expect(await screen.findByRole('img')).toHaveAttribute('src', fallbackBannerUrl);
    first.unmount();

    mockApi({ 'GET /ads': fail(404, 'Not found.') });
    renderWithProviders(<DashboardBanner />);
    expect(await screen.findByRole('img')).toHaveAttribute('src', fallbackBannerUrl);
  });

  it('falls back to the banner in Malayalam, with its text in Malayalam', async () => {
    await applyLanguage('ml');
    mockApi({ 'GET /ads': ok({ url: null }) });
    renderWithProviders(<DashboardBanner />);
    expect(await screen.findByRole('img', { name: ml.dashboard.banner.fallbackAlt })).toHaveAttribute(
      'src',
      '/images/banner-ml.svg',
    );
  });
});
