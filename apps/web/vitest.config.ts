import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    // No `include`: the root config (vitest.config.ts) splits the files into a shared and an isolated project, and
    // an `include` here would be added to each of theirs. Run on its own, vitest's default finds src/**/*.test.tsx.
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
  },
});
