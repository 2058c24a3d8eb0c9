import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hi } from '@app/contracts/i18n/hi';
import { mockApi, ok } from '@/testing/mock-api';
import { MENU_WAIT, renderWithProviders, signIn } from '@/testing/test-utils';
import { LanguagePicker } from './language-picker';

describe('LanguagePicker', () => {
  it("switches the app, <html lang> and the device's memory when signed out, without calling the API", async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<LanguagePicker />);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('button', { name: 'हिन्दी' }, MENU_WAIT));

    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(localStorage.getItem('language')).toBe('hi');
    // The server reads the choice too, to send a Hindi reader the shell rather than a page pre-rendered in English.
    expect(document.cookie).toContain('language=hi');
    expect(screen.getByRole('button', { name: `${hi.layout.language}: हिन्दी` })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/profile/language')).toEqual([]);
  });

  it("keeps a signed-in learner's choice in the profile and asks the API in that language from then on", async () => {
    await signIn();
    const api = mockApi({ 'PUT /profile/language': ok(null, 'Language saved.') });
    const { user } = renderWithProviders(<LanguagePicker />);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('button', { name: 'മലയാളം' }, MENU_WAIT));

    await waitFor(() => expect(api.calls.some((call) => call.path === '/profile/language')).toBe(true));
    const call = api.calls.find((c) => c.path === '/profile/language')!;
    expect(call.body).toEqual({ language: 'ml' });
    expect(call.headers.get('accept-language')).toBe('ml');
    expect(document.documentElement.lang).toBe('ml');
  });

  it('shows the button before its menu has loaded, and opens the menu a press asked for, with the focus on its button', async () => {
    const { user } = renderWithProviders(<LanguagePicker />);
    const early = screen.getByRole('button', { name: 'Language: English' });
    // The menu is not loaded yet: the button alone, closed, as the menu's own toggle draws it.
    expect(early).toHaveAttribute('aria-expanded', 'false');
    expect(early).toHaveClass('dropdown-toggle', 'btn', 'btn-light', 'btn-sm', 'language-toggle');
    expect(screen.queryByRole('button', { name: 'हिन्दी' })).not.toBeInTheDocument();

    await user.click(early);
    expect(await screen.findByRole('button', { name: 'हिन्दी' }, MENU_WAIT)).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Language: English' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
  });

  it('loads its menu once the page is idle, without a press, and leaves it closed', async () => {
    renderWithProviders(<LanguagePicker />);
    // The menu's own toggle carries the id its menu is labelled by; the early button has none.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Language: English' })).toHaveAttribute('id'), {
      timeout: 3_000,
    });
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'हिन्दी' })).not.toBeInTheDocument();
  });
});
