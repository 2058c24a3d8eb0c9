// As in main.tsx: Zod's config before anything loads Zod (lib/i18n reads the contracts).
import '@/lib/zod-config';
import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@/components/ui/notifications';
import { applyLanguage, currentLanguage, initI18n } from '@/lib/i18n';

// Screens render in English unless a test switches the language (and is put back after it).
await initI18n('en');

// findBy*/waitFor wait up to 5 s: a loaded 2-core CI machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom's window.crypto has no SubtleCrypto; the browser's AES-GCM is Node's Web Crypto here.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// jsdom has no matchMedia (react-bootstrap's responsive Offcanvas asks it); answer like a small screen.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

afterEach(async () => {
  cleanup();
  if (currentLanguage() !== 'en') await applyLanguage('en');
  notifications.clear();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
