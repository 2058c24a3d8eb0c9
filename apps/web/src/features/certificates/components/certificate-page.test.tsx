import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateData } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { MENU_WAIT, renderWithProviders } from '@/testing/test-utils';
import { CertificatePage } from './certificate-page';

const certificate = (overrides: Partial<CertificateData> = {}): CertificateData => ({
  certificate_id: 'k7p2m9x4q8w3',
  name: 'Asha Nair',
  course: 'Foundations of Mathematics',
  issued_at: '2025-03-14T10:00:00.000Z',
  is_valid: true,
  verify_url: 'http://localhost:3000/certificate/k7p2m9x4q8w3',
  pdf_url: '/live-connect/api/certificates/k7p2m9x4q8w3/pdf',
  ...overrides,
});

const open = (id: string) =>
  renderWithProviders(<CertificatePage certificateId={id} />, { path: '/certificate/:id', url: `/certificate/${id}` });

describe('CertificatePage', () => {
  it('shows the learner, the course, the date, validity, a QR code of its own address and the PDF, without signing in', async () => {
    const server = mockApi({ 'GET /certificates/k7p2m9x4q8w3': ok(certificate()) });
    open('k7p2m9x4q8w3');
    const name = await screen.findByRole('heading', { level: 1, name: 'Asha Nair' }, { timeout: 5000 });
    // A name of one long word (a Malayalam name has no spaces) breaks rather than widening the page on a phone.
    expect(name).toHaveClass('text-break');
    expect(screen.getByText('Foundations of Mathematics')).toBeInTheDocument();
    expect(screen.getByText('14 March 2025')).toBeInTheDocument();
    expect(screen.getAllByText('Valid').length).toBeGreaterThan(0);
    const qr = screen.getByRole('img', { name: "QR code of this certificate's address" });
    expect(qr).toHaveAttribute('data-value', 'http://localhost:3000/certificate/k7p2m9x4q8w3');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/live-connect/api/certificates/k7p2m9x4q8w3/pdf',
    );
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
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Certificate not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry, in its own tab, when the certificate could not be checked, and shows it once it loads', async () => {
    // The server fails the first load and both automatic retries, then answers.
    let calls = 0;
    const server = mockApi({
      'GET /certificates/k7p2m9x4q8w3': () => (++calls <= 3 ? fail(503, 'Service unavailable.') : ok(certificate())),
    });
    const { user } = open('k7p2m9x4q8w3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not check this certificate' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Could not load this page. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Nair' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/certificates/k7p2m9x4q8w3')).toHaveLength(4);
  }, 20_000);

  it('speaks Hindi, with the date written out in India time, and offers the language picker signed out', async () => {
    await applyLanguage('hi');
    const texts = hi.certificates.page;
    mockApi({
      'GET /certificates/k7p2m9x4q8w3': ok(
        certificate({ course: 'Maths <b>& Science</b>', issued_at: '2025-03-13T20:00:00.000Z' }),
      ),
    });
    open('k7p2m9x4q8w3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Nair' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(texts.ofCompletion)).toBeInTheDocument();
    // 20:00 UTC on 13 March is 14 March in India.
    expect(screen.getByText('14 मार्च 2025')).toBeInTheDocument();
    expect(screen.getByText(texts.issuedOn)).toBeInTheDocument();
    // The course's name is text, never markup.
    expect(screen.getByText('Maths <b>& Science</b>', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.download })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: texts.qrLabel })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /हिन्दी/ })).toBeInTheDocument();
  });

  it('switches to Malayalam from its own picker', async () => {
    mockApi({ 'GET /certificates/k7p2m9x4q8w3': ok(certificate()) });
    const { user } = open('k7p2m9x4q8w3');
    await screen.findByRole('heading', { level: 1, name: 'Asha Nair' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('button', { name: 'മലയാളം' }, MENU_WAIT));
    expect(await screen.findByText(ml.certificates.page.ofCompletion)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ml.certificates.page.download })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ml');
  });
});
