import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateData } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CertificatePage } from './certificate-page';

const certificate = (overrides: Partial<CertificateData> = {}): CertificateData => ({
  certificate_id: 'k7p2m9x4q8w3', name: 'Asha Nair', course: 'Foundations of Mathematics', issued_at: '2025-03-14T10:00:00.000Z',
  is_valid: true, verify_url: 'http://localhost:3000/certificate/k7p2m9x4q8w3',
  pdf_url: '/live-connect/api/certificates/k7p2m9x4q8w3/pdf', ...overrides,
});

const open = (id: string) => renderWithProviders(<CertificatePage certificateId={id} />, { path: '/certificate/:id', url: `/certificate/${id}` });

describe('CertificatePage', () => {
  it('shows the learner, the course, the date, validity, a QR code of its own address and the PDF, without signing in', async () => {
    const server = mockApi({ 'GET /certificates/k7p2m9x4q8w3': ok(certificate()) });
    open('k7p2m9x4q8w3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Nair' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Foundations of Mathematics')).toBeInTheDocument();
    expect(screen.getByText('14 March 2025')).toBeInTheDocument();
    expect(screen.getAllByText('Valid').length).toBeGreaterThan(0);
    const qr = screen.getByRole('img', { name: "QR code of this certificate's address" });
    expect(qr).toHaveAttribute('data-value', `${window.location.origin}/certificate/k7p2m9x4q8w3`);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/live-connect/api/certificates/k7p2m9x4q8w3/pdf');
    expect(server.calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('says when a certificate is no longer valid', async () => {
    mockApi({ 'GET /certificates/k7p2m9x4q8w3': ok(certificate({ is_valid: false })) });
    open('k7p2m9x4q8w3');
    expect(await screen.findByText('Not valid', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows 'Certificate not found' for an unknown id", async () => {
    mockApi({ 'GET /certificates/nope': fail(404, 'No certificate with this id.') });
    open('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
