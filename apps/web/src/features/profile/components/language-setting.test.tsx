import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '@/lib/token-storage';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LanguageSetting } from './language-setting';

describe('LanguageSetting', () => {
  it('keeps the tapped language checked while its texts load and the profile saves it, then shows the app in it', async () => {
    await saveToken('test-token');
    const saved = deferred();
    const api = mockApi({ 'PUT /profile/language': saved.handler });
    renderWithProviders(<LanguageSetting label="Language" />);
    const hindi = screen.getByRole('radio', { name: 'हिन्दी' });
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();

    fireEvent.click(hindi);
    // Synchronously after the tap, before the Hindi catalogue has loaded: a radio bound to the app's language
    // alone sprang back to English here, and the tap looked lost (Playwright's check() refused it).
    expect(hindi).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();

    await waitFor(() => expect(api.calls.some((call) => call.path === '/profile/language')).toBe(true));
    expect(hindi).toBeChecked();
    saved.release(ok(null));
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(hindi).toBeChecked();
  });
});
