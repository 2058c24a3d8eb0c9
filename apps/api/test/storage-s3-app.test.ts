import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createAdmin, multipartForm, pdfBytes, pngBytes } from './admin-fixtures.ts';
import { createPaidPurchase } from './catalogue-fixtures.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

/** The whole app with STORAGE_URL=s3://… on s3rver: uploads go to the bucket, learners are sent there. */
let s3: TestS3Server;
let t: TestApp;
let admin: Learner;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env('app') });
  admin = await createAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('the app on S3 storage', () => {
  it('stores a chapter PDF in the bucket and sends its buyer to a signed URL; a stranger gets 403', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const as = t.client.as(admin.token);
    const courseId = (await as.post('/admin/courses', { name: 'On S3', price: 1, offer_price: 1 })).body.data.id;
    await as.put(`/admin/courses/${courseId}`, { is_published: true });
    const termId = (await as.post(`/admin/courses/${courseId}/terms`, { name: 'Term 1' })).body.data.id;
    const pdf = multipartForm(
      { name: 'Notes', file_type: 'pdf' },
      { filename: 'notes.pdf', type: 'application/pdf', content: pdfBytes() },
    );
    const chapter = await as.post(`/admin/terms/${termId}/subjects`, pdf.body, pdf.headers);
    expect(chapter.statusCode).toBe(200);

    const buyer = await createLearner(t.app);
    await createPaidPurchase(t.app, { userId: buyer.id, courseId });
    const subjects = await t.client.as(buyer.token).get(`/term-subjects/${termId}`);
    const fileUrl: string = subjects.body.data.find((s: { id: number }) => s.id === chapter.body.data.id).file_url;

    // The signature and ownership checks stay in the API; the bytes come from the store.
    const opened = await t.app.inject({ method: 'GET', url: fileUrl, headers: { range: 'bytes=0-4' } });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const location = String(opened.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/app/private/subjects/`)).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdfBytes())).toBe(true);
    const firstBytes = await fetch(location, { headers: { range: 'bytes=0-4' } });
    expect([firstBytes.status, await firstBytes.text()]).toEqual([206, '%PDF-']);

    const stranger = await createLearner(t.app);
    const forged = fileUrl.replace(`u=${buyer.id}`, `u=${stranger.id}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    // Nothing was written to the local disk.
    expect(existsSync(join(t.app.ctx.env.DATA_DIR, 'uploads'))).toBe(false);

    // The page may fetch and play what it is sent to (pdf.js fetches, hls.js loads, <video> plays): the CSP of
    // every document names the bucket (the OpenAPI page here; the web app's pages are served the same way).
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ['connect-src', 'media-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${new URL(s3.endpoint).origin.replace(/[.]/g, '\\.')}`));
    }
  });

  it('sends /media/<key> to a signed URL, 404 for a missing key or a chapter file', async () => {
    const as = t.client.as(admin.token);
    const courseId = (await as.post('/admin/courses', { name: 'Pictured', price: 1, offer_price: 1 })).body.data.id;
    const image = multipartForm({}, { filename: 'photo.png', type: 'image/png', content: await pngBytes() });
    const uploaded = await as.post(`/admin/courses/${courseId}/image`, image.body, image.headers);
    const photoPath: string = uploaded.body.data.photo_path;
    expect(photoPath).toMatch(/^\/media\/courses\//);

    const answer = await t.app.inject({ method: 'GET', url: photoPath });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const fetched = await fetch(String(answer.headers.location));
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await fetched.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    expect((await t.app.inject({ method: 'GET', url: '/media/courses/missing.png' })).statusCode).toBe(404);
    const chapterKeys = await t.app.ctx.storage.list('private/');
    expect(chapterKeys.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/media/${chapterKeys[0]}` })).statusCode).toBe(404);
    expect(existsSync(join(t.app.ctx.env.DATA_DIR, 'uploads'))).toBe(false);
  });

  // Last: it stops the store.
  it('answers a chapter file with a 500 when the store is down, not a 404 saying the file is gone', async () => {
    const as = t.client.as(admin.token);
    const courseId = (await as.post('/admin/courses', { name: 'Outage', price: 1, offer_price: 1 })).body.data.id;
    await as.put(`/admin/courses/${courseId}`, { is_published: true });
    const termId = (await as.post(`/admin/courses/${courseId}/terms`, { name: 'Term 1' })).body.data.id;
    const pdf = multipartForm(
      { name: 'Notes', file_type: 'pdf' },
      { filename: 'notes.pdf', type: 'application/pdf', content: pdfBytes() },
    );
    const chapter = (await as.post(`/admin/terms/${termId}/subjects`, pdf.body, pdf.headers)).body.data;
    const buyer = await createLearner(t.app);
    await createPaidPurchase(t.app, { userId: buyer.id, courseId });
    const subjects = await t.client.as(buyer.token).get(`/term-subjects/${termId}`);
    const fileUrl: string = subjects.body.data.find((s: { id: number }) => s.id === chapter.id).file_url;
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(302);

    await s3.close();
    const down = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(down.statusCode).toBe(500);
    expect(down.json()).toEqual({ status: false, message: 'Something went wrong. Please try again.' });
  });
});
