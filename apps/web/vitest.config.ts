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
    // A whole page in jsdom takes 0.3–2.5 s on a quiet machine; with the machine loaded (a fresh-clone CI run beside
    // other test runs, load 8 on 2 cores) one took 5,019 ms and failed on vitest's default 5 s. A slow machine is not
    // a broken page: 15 s, as every assertion still waits only as long as it must.
    testTimeout: 15_000,
  },
});
