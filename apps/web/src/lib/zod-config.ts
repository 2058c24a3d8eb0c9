/**
 * Zod compiles object parsers with `new Function` when it can. The server's CSP forbids eval
 * (script-src without 'unsafe-eval'), and even Zod's probe for it is reported as a CSP violation
 * (Lighthouse best practices), so schemas must parse without compiling: `z.config({ jitless: true })`,
 * set before any schema is built. Importing `config` would put Zod's core (≈3 KB gzip) into the
 * entry chunk, so this fills in the global Zod keeps that config in (`globalThis.__zod_globalConfig`,
 * shared by every copy of Zod) instead; zod-config.test.ts checks Zod still reads it.
 * main.tsx imports this first; every schema lives in a lazy chunk loaded after it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
