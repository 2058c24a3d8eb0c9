import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { InvitePeople } from './invite-people';
import { ReferralCode } from './referral-code';

function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('InvitePeople', () => {
  it("opens a modal with the registration link; 'Copy Link' copies it and says 'Copied to clipboard!'", async () => {
    mockApi({ 'GET /me': ok(learner({ referral_code: 'QWERTY23' })) });
    const { user } = renderWithProviders(<InvitePeople />);
    const writeText = stubClipboard();

    await user.click(await screen.findByRole('button', { name: 'Invite People' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite People' });
    const link = `${window.location.origin}/register/QWERTY23`;
    expect(within(dialog).getByLabelText('Your referral link')).toHaveValue(link);

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
  });

  it('says so when the browser refuses to copy', async () => {
    mockApi({ 'GET /me': ok(learner()) });
    const { user } = renderWithProviders(<InvitePeople />);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true,
    });
    document.execCommand = vi.fn().mockReturnValue(false);
    await user.click(await screen.findByRole('button', { name: 'Invite People' }));
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not copy/);
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });
});

describe('ReferralCode', () => {
  it("shows the referral id and copies it with 'Copied to clipboard!'", async () => {
    mockApi({ 'GET /me': ok(learner({ referral_code: 'ABCD2345' })) });
    const { user } = renderWithProviders(<ReferralCode />);
    const writeText = stubClipboard();
    expect(await screen.findByText('ABCD2345')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy referral id' }));
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
  });
});
