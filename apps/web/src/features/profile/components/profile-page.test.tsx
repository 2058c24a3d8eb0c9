import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { PassThrough, renderWithProviders } from '@/testing/test-utils';
import { ProfilePage } from './profile-page';
import { master, profile } from './test-data';

describe('ProfilePage', () => {
  it('shows the profile card and the three forms', async () => {
    mockApi({ 'GET /profile': ok(profile()), 'GET /master': ok(master), 'GET /bank-details': ok(null) });
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Personal Information' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bank Account Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update Bank Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile photo' })).toHaveAttribute('src', '/images/avatar.svg');
    expect(screen.queryByRole('button', { name: 'Remove Photo' })).not.toBeInTheDocument();
  });

  it('shows its sections once the choices have answered too, so the Personal form does not push the others down', async () => {
    const masterReply = deferred();
    const server = mockApi({
      'GET /profile': ok(profile()),
      'GET /master': masterReply.handler,
      'GET /bank-details': ok(null),
    });
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    await waitFor(() => expect(server.callsTo('GET', '/bank-details')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The Personal Information form, much taller than its spinner, would arrive above Bank and Password.
    expect(screen.queryByRole('heading', { name: 'Password' })).not.toBeInTheDocument();

    masterReply.release(ok(master));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Bank Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('starts at the bank form when opened as /profile#bank-account (from a withdrawal without bank details)', async () => {
    mockApi({ 'GET /profile': ok(profile()), 'GET /master': ok(master), 'GET /bank-details': ok(null) });
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile', url: '/profile#bank-account' });
    const holder = await screen.findByLabelText('Account Holder Name', {}, { timeout: 3000 });
    await waitFor(() => expect(holder).toHaveFocus());
  });

  it('starts at the bank form also when the choices answer after the bank details', async () => {
    const masterReply = deferred();
    const server = mockApi({
      'GET /profile': ok(profile()),
      'GET /master': masterReply.handler,
      'GET /bank-details': ok(null),
    });
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile', url: '/profile#bank-account' });
    await waitFor(() => expect(server.callsTo('GET', '/bank-details')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    masterReply.release(ok(master));
    const holder = await screen.findByLabelText('Account Holder Name', {}, { timeout: 3000 });
    await waitFor(() => expect(holder).toHaveFocus());
  });

  it('accepts only png, gif and jpeg, and says so in a browser alert', async () => {
    const server = mockApi({ 'GET /profile': ok(profile()), 'GET /master': ok(master), 'GET /bank-details': ok(null) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    const input = await screen.findByLabelText('Profile photo file', {}, { timeout: 3000 });
    expect(input).toHaveAttribute('accept', 'image/png,image/gif,image/jpeg');
    // The picker honours `accept`; a file dropped or chosen with "All files" still reaches the check.
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'photo.svg', { type: 'image/svg+xml' })] } });
    expect(alert).toHaveBeenCalledWith('The photo must be a PNG, GIF or JPEG image.');
    expect(server.calls.filter((call) => call.path === '/profile/photo')).toHaveLength(0);
  });

  it('removes a photo and falls back to the default image', async () => {
    const server = mockApi({
      'GET /profile': ok(profile({ profile_photo_path: '/media/profile-photos/7.png' })),
      'GET /master': ok(master),
      'GET /bank-details': ok(null),
      'DELETE /profile/photo': ok(null, 'Profile photo removed.'),
    });
    const { user } = renderWithProviders(<ProfilePage ConsentGate={PassThrough} />, { path: '/profile' });
    expect(await screen.findByRole('img', { name: 'Your profile photo' }, { timeout: 3000 })).toHaveAttribute(
      'src',
      '/media/profile-photos/7.png',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(await screen.findByText('Profile photo removed.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile photo' })).toHaveAttribute('src', '/images/avatar.svg');
    expect(server.callsTo('DELETE', '/profile/photo')).toHaveLength(1);
  });
});
