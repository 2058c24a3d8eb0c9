import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CertificateLookup } from './certificate-lookup';

const id = 'c3f1a9e2b7d84c6a9e0f1a2b3c4d5e6f';
const certificate = {
  id,
  holder_name: 'Asha Nair',
  user: { id: 3, name: 'Asha N. Pillai', email: 'asha@example.com' },
  course: { id: 9, name: 'Foundations of Mathematics' },
  purchase_id: 12,
  issued_at: '2025-03-14T10:00:00.000Z',
  reissued_at: null,
  is_valid: true,
  verify_url: `https://learn.example.in/certificate/${id}`,
};

async function lookUp(user: ReturnType<typeof renderWithProviders>['user'], typed: string) {
  await user.type(screen.getByLabelText('Certificate ID'), typed);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('CertificateLookup', () => {
  it('finds a certificate by id and reissues it under the corrected name', async () => {
    const server = mockApi({
      [`GET /admin/certificates/${id}`]: ok(certificate),
      [`POST /admin/certificates/${id}/reissue`]: (call) =>
        ok(
          {
            ...certificate,
            holder_name: (call.body as { name: string }).name,
            reissued_at: '2025-04-01T09:00:00.000Z',
          },
          'Certificate reissued.',
        ),
    });
    const { user } = renderWithProviders(<CertificateLookup />);
    // Typed in capitals with spaces around, as read off a printout.
    await lookUp(user, `  ${id.toUpperCase()} `);

    const facts = await screen.findByLabelText('Certificate');
    expect(within(facts).getByText('Asha Nair')).toBeInTheDocument();
    expect(within(facts).getByText('Foundations of Mathematics')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'Asha N. Pillai' })).toHaveAttribute('href', '/admin/users/3');
    expect(within(facts).getByText('valid')).toBeInTheDocument();

    const name = screen.getByLabelText('Corrected name');
    expect(name).toHaveValue('Asha Nair');
    await user.clear(name);
    await user.type(name, 'Asha S. Nair ');
    await user.click(screen.getByRole('button', { name: 'Reissue' }));

    expect(await screen.findByText('Certificate reissued.')).toBeInTheDocument();
    expect(await within(screen.getByLabelText('Certificate')).findByText('Asha S. Nair')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Certificate')).getByText('Reissued')).toBeInTheDocument();
    expect(screen.getByLabelText('Corrected name')).toHaveValue('Asha S. Nair');
    const calls = server.callsTo('POST', `/admin/certificates/${id}/reissue`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ name: 'Asha S. Nair' });
  });

  it('asks for a name before sending, and shows the server refusing one', async () => {
    const server = mockApi({
      [`GET /admin/certificates/${id}`]: ok(certificate),
      [`POST /admin/certificates/${id}/reissue`]: fail(422, 'Invalid name.', { name: ['The server says no.'] }),
    });
    const { user } = renderWithProviders(<CertificateLookup />);
    await lookUp(user, id);
    const name = await screen.findByLabelText('Corrected name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Reissue' }));
    expect(
      await screen.findByText('Enter the name as it should appear on the certificate (1 to 120 characters).'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', `/admin/certificates/${id}/reissue`)).toHaveLength(0);

    await user.type(name, 'Someone');
    await user.click(screen.getByRole('button', { name: 'Reissue' }));
    expect(await screen.findByText('The server says no.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/admin/certificates/${id}/reissue`)).toHaveLength(1);
  });

  it('says so when no certificate has the id', async () => {
    mockApi({ 'GET /admin/certificates/nope': fail(404, 'No certificate with this id.') });
    const { user } = renderWithProviders(<CertificateLookup />);
    await lookUp(user, 'nope');
    expect(await screen.findByText('No certificate with this id.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Corrected name')).not.toBeInTheDocument();
  });
});
