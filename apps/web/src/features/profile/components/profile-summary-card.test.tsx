import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ProfileSummaryCard } from './profile-summary-card';
import { profile } from './test-data';

describe('ProfileSummaryCard', () => {
  it('shows the points, the referral id slot and the balance in INR', async () => {
    mockApi({ 'GET /profile': ok(profile({ points: 1500, balance: 123456.5 })) });
    renderWithProviders(
      <ProfileSummaryCard referralCode={<span>ABCD2345</span>} action={<button type="button">Invite People</button>} />,
    );
    expect(await screen.findByText('Asha Nair', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('summary-points')).toHaveTextContent('1,500');
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('₹1,23,456.50');
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite People' })).toBeInTheDocument();
  });
});
