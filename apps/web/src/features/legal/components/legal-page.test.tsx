import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LegalData } from '@app/contracts';
import { applyLanguage } from '@/lib/i18n';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LegalPage } from './legal-page';

const legal: LegalData = {
  app_name: 'Live Connect',
  operator: { legal_name: 'Vidya Learning Pvt Ltd', address: '12 Beach Road, Kozhikode 673001' },
  contact_email: 'hello@vidya.example',
  grievance_officer: { name: 'Anil Varma', email: 'grievance@vidya.example', address: '3 Hill Lane, Kochi 682001' },
  grievance_response_days: 15,
  retention_days: 30,
};

describe('LegalPage', () => {
  it("the privacy policy names the configured operator, contact and grievance officer, and how children's data is handled", async () => {
    mockApi({ 'GET /legal': ok(legal) });
    renderWithProviders(<LegalPage kind="privacy" />, { path: '/privacy' });
    expect(await screen.findByTestId('legal-operator', {}, { timeout: 5000 })).toHaveTextContent(
      'Live Connect is run by Vidya Learning Pvt Ltd, 12 Beach Road, Kozhikode 673001.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@vidya.example' })).toHaveAttribute(
      'href',
      'mailto:hello@vidya.example',
    );
    const officer = screen.getByTestId('grievance-officer');
    expect(within(officer).getByText('Anil Varma')).toBeInTheDocument();
    expect(within(officer).getByRole('link', { name: 'grievance@vidya.example' })).toBeInTheDocument();
    expect(within(officer).getByText('3 Hill Lane, Kochi 682001')).toBeInTheDocument();
    expect(screen.getByText(/answers within 15 days/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Children's data" })).toBeInTheDocument();
    expect(screen.getByText(/A learner under 18 names a parent or guardian/)).toBeInTheDocument();
    expect(screen.getByText(/We do not sell anyone's data/)).toBeInTheDocument();
    expect(screen.getByText(/we delete its data within 30 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });

  it('the terms name them too, in Hindi when chosen', async () => {
    mockApi({ 'GET /legal': ok(legal) });
    await applyLanguage('hi');
    renderWithProviders(<LegalPage kind="terms" />, { path: '/terms' });
    expect(await screen.findByTestId('legal-operator', {}, { timeout: 5000 })).toHaveTextContent(
      'Live Connect का संचालन Vidya Learning Pvt Ltd, 12 Beach Road, Kozhikode 673001 करते हैं।',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'शर्तें' })).toBeInTheDocument();
    expect(screen.getByText('Anil Varma')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '18 साल से कम उम्र के विद्यार्थी' })).toBeInTheDocument();
  });
});
