import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads } from '@app/db';
import { BANNER_HINT_TTL_MS } from '../src/services/catalogue/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A web build as vite-plugins/prerender.ts leaves it: the shell, a page per fixed path and pages.json. */
function writeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'pages/admin'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<p>shell</p>');
  writeFileSync(join(dir, 'assets/index-abc.js'), 'export {};');
  writeFileSync(join(dir, 'assets/index-abc.js.br'), brotliCompressSync('export {};'));
  writeFileSync(join(dir, 'pages/login.html'), '<div id="root" data-prerendered><p>pre-rendered sign-in</p></div>');
  writeFileSync(join(dir, 'pages/admin/courses.html'), '<p>admin courses shell</p>');
  mkdirSync(join(dir, 'pages/checkout'));
  writeFileSync(join(dir, 'pages/checkout/batch.html'), '<p>batch checkout shell</p>');
  writeFileSync(join(dir, 'pages/checkout/_course.html'), '<p>course checkout shell</p>');
  writeFileSync(
    join(dir, 'pages.json'),
    JSON.stringify({
      '/login': 'pages/login.html',
      '/admin/courses': 'pages/admin/courses.html',
      '/checkout/batch': 'pages/checkout/batch.html',
      '/checkout/:course': 'pages/checkout/_course.html',
    }),
  );
  return dir;
}

describe('the web build', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebBuild();
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers a fixed path with its page from pages.json, never cached without asking', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?next=%2Fwallet' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<p>pre-rendered sign-in</p>');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/admin/courses' })).body).toBe('<p>admin courses shell</p>');
  });

  it("answers a path with parameters with its route's page, a fixed path first", async () => {
    const body = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    expect(await body('/checkout/7')).toBe('<p>course checkout shell</p>');
    expect(await body('/checkout/7?offer=WELCOME10')).toBe('<p>course checkout shell</p>');
    expect(await body('/checkout/batch')).toBe('<p>batch checkout shell</p>');
    // Another number of segments, or an empty one, is not the route's: the app shell, which shows the app's 404.
    for (const url of ['/checkout/7/extra', '/checkout/', '/checkout'])
      expect(await body(url), url).toBe('<p>shell</p>');
    // The same page in every language: it holds no text, only the shell and its chunks.
    const hindi = await t.app.inject({ method: 'GET', url: '/checkout/7', headers: { cookie: 'language=hi' } });
    expect(hindi.body).toBe('<p>course checkout shell</p>');
  });

  it('answers a Hindi or Malayalam reader with the shell, not a page pre-rendered in English', async () => {
    const page = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/login', headers })).body;
    expect(await page({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('<p>shell</p>');
    expect(await page({ cookie: 'language=ml' })).toBe('<p>shell</p>');
    // The choice made on the device wins over the browser's languages.
    expect(await page({ cookie: 'language=en', 'accept-language': 'hi' })).toContain('pre-rendered sign-in');
    expect(await page({ 'accept-language': 'en-IN,en;q=0.9' })).toContain('pre-rendered sign-in');
    // A page that is only the shell with its chunks preloaded is the same in every language.
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/courses', headers: { cookie: 'language=hi' } })).body,
    ).toBe('<p>admin courses shell</p>');
    const answer = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'language=hi' } });
    // It varies on the language and, as it is sent compressed or not, on the encoding.
    expect(String(answer.headers.vary)).toMatch(/cookie/);
    expect(String(answer.headers.vary)).toMatch(/accept-language/);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/);
  });

  it("names the dashboard's banner in its page, so the phone fetches it beside the scripts", async () => {
    const linkOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.link;
    await t.app.ctx.db.delete(ads);
    expect(await linkOf('/dashboard')).toBeUndefined();

    t.clock.advance(BANNER_HINT_TTL_MS);
    await t.app.ctx.db.insert(ads).values({ url: 'ads/diwali sale.webp' });
    expect(await linkOf('/dashboard')).toBe(
      '</media/ads/diwali%20sale.webp>; rel=preload; as=image; fetchpriority=high',
    );
    expect(await linkOf('/login')).toBeUndefined();
    expect(await linkOf('/wallet')).toBeUndefined();

    // Read again at most every BANNER_HINT_TTL_MS: a banner switched off stops being named after that.
    await t.app.ctx.db.update(ads).set({ isActive: false });
    expect(await linkOf('/dashboard')).toContain('diwali');
    t.clock.advance(BANNER_HINT_TTL_MS);
    expect(await linkOf('/dashboard')).toBeUndefined();
  });

  it('answers other client routes with the shell and a missing asset with 404', async () => {
    for (const url of ['/', '/learn-more/3', '/login/extra', '/register']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe('<p>shell</p>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends a script compressed to a browser that accepts it, kept for a year, and varies on the encoding', async () => {
    const script = async (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers });
    const brotli = await script({ 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('export {};');
    expect(brotli.headers.vary).toMatch(/accept-encoding/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await script({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export {};');
    expect(plain.headers.vary).toMatch(/accept-encoding/);
  });

  it('serves a build named by a path relative to the working directory', async () => {
    const fromHere = await createTestApp({ env: { WEB_DIST: relative(process.cwd(), webDist) } });
    try {
      expect((await fromHere.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).body).toBe('export {};');
      expect((await fromHere.app.inject({ method: 'GET', url: '/login' })).body).toContain('pre-rendered sign-in');
    } finally {
      await fromHere.close();
    }
  });

  it("sends the web app's pages and scripts with the page CSP, and its JSON with the short set", async () => {
    for (const url of ['/', '/login', '/assets/index-abc.js']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(String(answer.headers['content-security-policy']), url).toContain(
        "script-src 'self' https://checkout.razorpay.com https://www.youtube.com",
      );
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(answer.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    const json = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
