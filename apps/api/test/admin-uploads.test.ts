import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { terms } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from './helpers.ts';
import { checkStoredUpload } from '../src/services/admin/uploads.ts';
import { createSubject } from '../src/services/admin/catalogue/subjects.ts';
import { auditOf, createAdmin, mp4Bytes, multipartForm, pdfBytes } from './admin-fixtures.ts';
import type { Learner } from './fixtures.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

/** A multipart body whose file comes before the text fields (browsers keep the form's order). */
function fileFirstForm(file: Buffer, fields: Record<string, string>) {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from('\r\n'),
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An MP4 (a valid ftyp box) padded to `size` bytes. */
const bigMp4 = (size: number) => Buffer.concat([mp4Bytes(), Buffer.alloc(size - mp4Bytes().length, 7)]);

async function termOf(t: TestApp, admin: Learner): Promise<number> {
  const as = t.client.as(admin.token);
  const courseId = (await as.post('/admin/courses', { name: 'Uploads', price: 1, offer_price: 1 })).body.data.id;
  return (await as.post(`/admin/courses/${courseId}/terms`, { name: 'Term 1' })).body.data.id;
}

describe('chapter uploads streamed to file storage', () => {
  let t: TestApp;
  let admin: Learner;
  let termId: number;
  const chapterFiles = () => t.app.ctx.storage.list('private/subjects/');
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    termId = await termOf(t, admin);
  });
  afterAll(async () => t?.close());

  it('takes the file before its fields, and refuses (storing nothing) content of the other kind', async () => {
    const as = t.client.as(admin.token);
    const good = fileFirstForm(bigMp4(300_000), { name: 'Lecture', file_type: 'video' });
    const created = await as.post(`/admin/terms/${termId}/subjects`, good.body, good.headers);
    expect(created.statusCode).toBe(200);
    const [key] = await chapterFiles();
    expect(await t.app.ctx.storage.size(key!)).toBe(300_000);

    const swapped = fileFirstForm(pdfBytes(), { name: 'Not a video', file_type: 'video' });
    const refused = await as.post(`/admin/terms/${termId}/subjects`, swapped.body, swapped.headers);
    expect([refused.statusCode, refused.body]).toEqual([
      422,
      {
        status: false,
        message: 'The file must be an MP4 video.',
        errors: { file: ['The file must be an MP4 video.'] },
      },
    ]);
    const unnamed = fileFirstForm(pdfBytes(), { file_type: 'pdf' });
    expect((await as.post(`/admin/terms/${termId}/subjects`, unnamed.body, unnamed.headers)).statusCode).toBe(422);
    const neither = fileFirstForm(Buffer.from('plain text'), { name: 'x', file_type: 'pdf' });
    expect((await as.post(`/admin/terms/${termId}/subjects`, neither.body, neither.headers)).body.errors).toEqual({
      file: ['The file must be a PDF document or an MP4 video.'],
    });
    expect(await chapterFiles()).toEqual([key]);
  });

  it('refuses a PDF over its 50 MB limit while it streams and leaves no file behind', async () => {
    const as = t.client.as(admin.token);
    const huge = Buffer.concat([pdfBytes(), Buffer.alloc(50 * 1024 * 1024)]);
    const form = multipartForm(
      { name: 'Huge', file_type: 'pdf' },
      { filename: 'huge.pdf', type: 'application/pdf', content: huge },
    );
    const refused = await as.post(`/admin/terms/${termId}/subjects`, form.body, form.headers);
    expect([refused.statusCode, refused.body.errors]).toEqual([422, { file: ['The file is too large.'] }]);
    expect((await chapterFiles()).length).toBe(1);
  });

  it('answers a too-large upload over real HTTP while the client is still sending, and keeps serving', async () => {
    const before = (await chapterFiles()).length;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const form = multipartForm(
      { name: 'Huge', file_type: 'pdf' },
      {
        filename: 'huge.pdf',
        type: 'application/pdf',
        content: Buffer.concat([pdfBytes(), Buffer.alloc(60 * 1024 * 1024)]),
      },
    );
    const headers = { ...form.headers, authorization: `Bearer ${admin.token}` };
    const primed = await fetch(`http://127.0.0.1:${port}/healthz`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(primed.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const res = await fetch(`http://127.0.0.1:${port}/live-connect/api/admin/terms/${termId}/subjects`, {
      method: 'POST',
      body: form.body,
      headers: { ...headers, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    expect([res.status, ((await res.json()) as { errors: unknown }).errors]).toEqual([
      422,
      { file: ['The file is too large.'] },
    ]);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect((await chapterFiles()).length).toBe(before);
  });

  it('answers { direct: false } to a browser-direct start: the console sends the form instead', async () => {
    const as = t.client.as(admin.token);
    const start = await as.post('/admin/uploads', {
      term_id: termId,
      kind: 'video',
      file_name: 'a.mp4',
      size: 600 * 1024 * 1024,
    });
    expect(start.body.data).toEqual({ direct: false });
    const tooBig = await as.post('/admin/uploads', {
      term_id: termId,
      kind: 'pdf',
      file_name: 'a.pdf',
      size: 51 * 1024 * 1024,
    });
    expect([tooBig.statusCode, tooBig.body.errors]).toEqual([422, { file: ['The file is too large.'] }]);
  });
});

describe('browser-direct chapter uploads on S3', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let admin: Learner;
  let termId: number;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env('app') });
    admin = await createAdmin(t.app);
    termId = await termOf(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** Sends `file` the way the console does: start, sign, PUT each part, complete. */
  async function sendDirect(file: Buffer, kind: 'pdf' | 'video', attach: Record<string, unknown>) {
    const { start, parts } = await sendParts(file, kind);
    const complete = await t.client
      .as(admin.token)
      .post('/admin/uploads/complete', { key: start.key, upload_id: start.upload_id, parts, ...attach });
    return { start, complete };
  }

  /** The console's steps before the completion: start, sign, PUT each part. */
  async function sendParts(file: Buffer, kind: 'pdf' | 'video') {
    const as = t.client.as(admin.token);
    const start = (
      await as.post('/admin/uploads', { term_id: termId, kind, file_name: `f.${kind}`, size: file.length })
    ).body.data;
    expect(start).toMatchObject({ direct: true, part_size: 8 * 1024 * 1024 });
    const numbers = Array.from({ length: start.part_count }, (_, i) => i + 1);
    const signed = (
      await as.post('/admin/uploads/parts', { key: start.key, upload_id: start.upload_id, part_numbers: numbers })
    ).body.data;
    const parts = [];
    for (const { part_number: n, url } of signed.urls) {
      const put = await fetch(url, {
        method: 'PUT',
        body: file.subarray((n - 1) * start.part_size, n * start.part_size),
      });
      expect(put.status).toBe(200);
      parts.push({ part_number: n, etag: put.headers.get('etag')! });
    }
    return { start, parts };
  }

  it('joins the parts, checks the first bytes and attaches the file to a new chapter, audited', async () => {
    const file = bigMp4(9 * 1024 * 1024);
    const { start, complete } = await sendDirect(file, 'video', { name: 'Direct' });
    expect(start.part_count).toBe(2);
    expect(complete.statusCode).toBe(200);
    expect(complete.body.data).toMatchObject({ name: 'Direct', file_type: 'video', has_file: true, term_id: termId });
    expect(await t.app.ctx.storage.size(start.key)).toBe(file.length);
    expect((await auditOf(t.app, 'uploads', start.key)).map((a) => a.action)).toEqual(['upload.start']);
    expect((await auditOf(t.app, 'subjects', complete.body.data.id)).map((a) => a.action)).toEqual(['subject.create']);
  });

  it("ATTACK: an abort sent for a chapter's file (its upload completed, or any chapter's key) leaves the file", async () => {
    const file = bigMp4(1024 * 1024);
    const { start, complete } = await sendDirect(file, 'video', { name: 'Kept' });
    expect(complete.statusCode).toBe(200);
    const aborted = await t.client
      .as(admin.token)
      .post('/admin/uploads/abort', { key: start.key, upload_id: 'not-this-upload' });
    expect(aborted.statusCode).toBe(200);
    expect(await t.app.ctx.storage.size(start.key)).toBe(file.length);
    expect((await auditOf(t.app, 'uploads', start.key)).at(-1)).toMatchObject({ action: 'upload.abort' });
  });

  it('deletes a completed object whose first bytes are not its kind, with a 422', async () => {
    const { start, complete } = await sendDirect(Buffer.concat([pdfBytes(), Buffer.alloc(1000)]), 'video', {
      name: 'Fake',
    });
    expect([complete.statusCode, complete.body.errors]).toEqual([422, { file: ['The file must be an MP4 video.'] }]);
    expect(await t.app.ctx.storage.size(start.key)).toBeNull();
  });

  it('answers a completion sent again (its answer lost) with the chapter it made, not a second chapter', async () => {
    const as = t.client.as(admin.token);
    const { start, complete } = await sendDirect(pdfBytes(), 'pdf', { name: 'Sent twice' });
    expect(complete.statusCode).toBe(200);
    const parts = [{ part_number: 1, etag: 'whatever the console kept' }];
    const again = await as.post('/admin/uploads/complete', {
      key: start.key,
      upload_id: start.upload_id,
      parts,
      name: 'Sent twice',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual(complete.body.data);
    const chapters = (await as.get(`/admin/terms/${termId}/subjects`)).body.data.filter(
      (s: { name: string }) => s.name === 'Sent twice',
    );
    expect(chapters).toHaveLength(1);
    expect(await t.app.ctx.storage.size(start.key)).toBe(pdfBytes().length);
    // Sent for another chapter, new or existing, it is not a repeat: refused, the file left with its chapter.
    const renamed = await as.post('/admin/uploads/complete', {
      key: start.key,
      upload_id: start.upload_id,
      parts,
      name: 'Another chapter',
    });
    expect([renamed.statusCode, renamed.body.errors]).toEqual([
      422,
      { file: ['This upload is already the file of another chapter. Choose Save again to upload it anew.'] },
    ]);
    const other = (
      await as.post(`/admin/terms/${termId}/subjects`, {
        name: 'Other',
        file_type: 'link',
        url: 'https://example.com/x',
      })
    ).body.data;
    const moved = await as.post('/admin/uploads/complete', {
      key: start.key,
      upload_id: start.upload_id,
      parts,
      subject_id: other.id,
    });
    expect([moved.statusCode, moved.body.errors]).toEqual([422, renamed.body.errors]);
    expect(await t.app.ctx.storage.size(start.key)).toBe(pdfBytes().length);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'makes one chapter of two completions of one upload that both passed the store, and keeps its file (two connections)',
    async () => {
      // The console's Save sent again while the first completion was still running: both joined the parts (S3 answers
      // a repeated completion), then both attach the file. The second waits for the term and answers the first's chapter.
      const key = `private/subjects/term-${termId}/chapter-twice.pdf`;
      await t.app.ctx.storage.put(key, pdfBytes(), 'application/pdf');
      const upload = await checkStoredUpload(t.app.ctx, { key, kinds: ['pdf'] });
      const attach = () =>
        createSubject(t.app.ctx, { actorId: admin.id, termId, upload, input: { name: 'Twice', file_type: 'pdf' } });
      let answers: Promise<unknown[]> | undefined;
      let isAnswered = false;
      await t.app.ctx.db.transaction(async (tx) => {
        await tx.select({ id: terms.id }).from(terms).where(eq(terms.id, termId)).for('no key update');
        answers = Promise.all([attach(), attach()]);
        void answers.finally(() => (isAnswered = true));
        await waitFor(async () => isAnswered || (await lockWaits(t)) >= 2, 10_000);
      });
      const [first, second] = await answers!;
      expect(second).toEqual(first);
      const chapters = (await t.client.as(admin.token).get(`/admin/terms/${termId}/subjects`)).body.data;
      expect(chapters.filter((s: { name: string }) => s.name === 'Twice')).toHaveLength(1);
      expect(await t.app.ctx.storage.size(key)).toBe(pdfBytes().length);
      // Meant for a chapter of another name, it is not a repeat: refused, the file left to the chapter that has it.
      await expect(
        createSubject(t.app.ctx, { actorId: admin.id, termId, upload, input: { name: 'Other', file_type: 'pdf' } }),
      ).rejects.toMatchObject({ statusCode: 422 });
      expect(await t.app.ctx.storage.size(key)).toBe(pdfBytes().length);
    },
  );

  it('replaces the file of an existing chapter', async () => {
    const first = await sendDirect(pdfBytes(), 'pdf', { name: 'Notes' });
    const id = first.complete.body.data.id;
    const second = await sendDirect(Buffer.concat([pdfBytes(), Buffer.alloc(10)]), 'pdf', { subject_id: id });
    expect(second.complete.statusCode).toBe(200);
    expect(await t.app.ctx.storage.size(first.start.key)).toBeNull();
    expect(await t.app.ctx.storage.size(second.start.key)).toBe(pdfBytes().length + 10);
  });

  it('refuses keys it did not hand out, and aborts', async () => {
    const as = t.client.as(admin.token);
    const forged = await as.post('/admin/uploads/parts', {
      key: 'courses/1/image.png',
      upload_id: 'x',
      part_numbers: [1],
    });
    expect(forged.statusCode).toBe(422);
    const start = (await as.post('/admin/uploads', { term_id: termId, kind: 'pdf', file_name: 'a.pdf', size: 100 }))
      .body.data;
    expect((await as.post('/admin/uploads/abort', { key: start.key, upload_id: start.upload_id })).statusCode).toBe(
      200,
    );
    expect((await auditOf(t.app, 'uploads', start.key)).map((a) => a.action)).toEqual(['upload.start', 'upload.abort']);
  });

  it('streams a multipart chapter upload to the bucket in parts', async () => {
    const as = t.client.as(admin.token);
    const file = bigMp4(17 * 1024 * 1024);
    const form = fileFirstForm(file, { name: 'Streamed', file_type: 'video' });
    const created = await as.post(`/admin/terms/${termId}/subjects`, form.body, form.headers);
    expect(created.statusCode).toBe(200);
    const keys = await t.app.ctx.storage.list(`private/subjects/term-${termId}/`);
    const sizes = await Promise.all(keys.map((k) => t.app.ctx.storage.size(k)));
    expect(sizes).toContain(file.length);
  });
});
