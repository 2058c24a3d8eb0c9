import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { learner, renderWithProviders } from '@/testing/test-utils';
import { InvitePeople } from './invite-people';
import { ReferralCode } from './referral-code';

function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** The Web Share API, as on an Android phone; jsdom (like most desktop browsers) has none. */
function stubShare(share = vi.fn().mockResolvedValue(undefined)) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  return share;
}

async function openInvite(code = 'QWERTY23') {
  mockApi({ 'GET /me': ok(learner({ referral_code: code })) });
  const { user } = renderWithProviders(<InvitePeople />);
  await user.click(await screen.findByRole('button', { name: 'Invite People' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite People' });
  return { user, dialog, link: `${window.location.origin}/register/${code}` };
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
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    document.execCommand = vi.fn().mockReturnValue(false);
    await user.click(await screen.findByRole('button', { name: 'Invite People' }));
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not copy/);
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
  });

  it("'Share on WhatsApp' links to wa.me with the invitation and the learner's referral link, in a new tab", async () => {
    const { dialog, link } = await openInvite('WHATS234');
    const whatsApp = within(dialog).getByRole('link', { name: 'Share on WhatsApp' });
    const message = `Join me on Live Connect and learn with me: ${link}`;
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(message)}`);
    const url = new URL(whatsApp.getAttribute('href') ?? '');
    expect(url.searchParams.get('text')).toBe(message);
    expect(url.searchParams.get('text')).toContain('/register/WHATS234');
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp.getAttribute('rel')).toMatch(/\bnoopener\b/);
  });

  it("shows no 'Share…' where the browser has no share sheet", async () => {
    const { dialog } = await openInvite();
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();
  });

  describe("with the Web Share API, 'Share…'", () => {
    afterEach(() => {
      delete (navigator as { share?: unknown }).share;
    });

    it('opens the share sheet with the referral link', async () => {
      const share = stubShare();
      const { user, dialog, link } = await openInvite();
      await user.click(within(dialog).getByRole('button', { name: 'Share…' }));
      expect(share).toHaveBeenCalledTimes(1);
      expect(share).toHaveBeenCalledWith({
        title: 'Join me on Live Connect',
        text: 'Join me on Live Connect and learn with me.',
        url: link,
      });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Share…' })).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says nothing when the learner closes the sheet (AbortError)', async () => {
      const share = stubShare(vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError')));
      const { user, dialog } = await openInvite();
      await user.click(within(dialog).getByRole('button', { name: 'Share…' }));
      expect(share).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Share…' })).toBeEnabled());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so when sharing fails for another reason', async () => {
      stubShare(vi.fn().mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError')));
      const { user, dialog } = await openInvite();
      await user.click(within(dialog).getByRole('button', { name: 'Share…' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not open the share menu. Use Copy Link instead.',
      );
    });
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

describe('InvitePeople in Hindi', () => {
  it('speaks Hindi, and the WhatsApp message itself is in Hindi', async () => {
    await applyLanguage('hi');
    const texts = hi.referrals.invite;
    // The profile keeps the learner's language: /me says Hindi too.
    mockApi({ 'GET /me': ok(learner({ referral_code: 'HINDI234', language: 'hi' })) });
    const { user } = renderWithProviders(<InvitePeople />);
    const writeText = stubClipboard();
    await user.click(await screen.findByRole('button', { name: texts.button }));
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    const link = `${window.location.origin}/register/HINDI234`;
    expect(within(dialog).getByLabelText(texts.linkLabel)).toHaveValue(link);
    const whatsApp = within(dialog).getByRole('link', { name: texts.whatsApp });
    const message = texts.whatsAppText.replace('{{appName}}', 'Live Connect').replace('{{link}}', link);
    expect(new URL(whatsApp.getAttribute('href') ?? '').searchParams.get('text')).toBe(message);
    expect(message).toMatch(/मेरे साथ जुड़ें/);
    await user.click(within(dialog).getByRole('button', { name: texts.copyLink }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(hi.referrals.copy.copied)).toBeInTheDocument();
  });
});
