import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@/components/ui/notifications';

// findBy*/waitFor wait up to 5 s: a loaded 2-core CI machine can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom's window.crypto has no SubtleCrypto; the browser's AES-GCM is Node's Web Crypto here.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// jsdom has no matchMedia (react-bootstrap's responsive Offcanvas asks it); answer like a small screen.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addEventListener: () => undefined, removeEventListener: () => undefined,
    addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false,
  });
}

afterEach(() => {
  cleanup();
  notifications.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
