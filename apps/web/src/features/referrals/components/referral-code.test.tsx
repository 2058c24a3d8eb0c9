import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { hitAreaOf } from '@/testing/hit-area';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { ReferralCode } from './referral-code';

describe('ReferralCode', () => {
  it('takes taps on its copy icon over 44 × 44 px, though the icon is drawn at the size of the text', async () => {
    // The icon alone was a 25 × 25 px target beside the code, on the dashboard and the wallet.
    mockApi({ 'GET /me': ok(learner()) });
    await signIn();
    renderWithProviders(<ReferralCode />);
    expect(await screen.findByText('ABCD2345')).toBeInTheDocument();
    const area = hitAreaOf(screen.getByRole('button', { name: 'Copy referral id' }));
    expect(area.width).toBeGreaterThanOrEqual(44);
    expect(area.height).toBeGreaterThanOrEqual(44);
  });
});
