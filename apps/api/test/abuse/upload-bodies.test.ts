import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { pngBytes } from '../admin-fixtures.ts';

/**
 * A form's body is bounded by what its route takes (routes/admin/read-form.ts). Registering is free and the profile
 * photo takes no verified email, so anyone could send its 2 MB route a body that never ends: it was read to the end
 * (the refused file drained so that the answer could be sent), keeping a core parsing for as long as the sender liked.
 * Over real HTTP: the cut is what the server does to the connection.
 */
describe('abuse: a form body larger than its route takes', () => {
  let t: TestApp;
  let learner: Learner;
  let port: number;
  let xsrf: string;
  const boundary = '----lcbodies';
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const formEnd = Buffer.from(`\r\n--${boundary}--\r\n`);

  beforeAll(async () => {
    t = await createTestApp();
    learner = await createLearner(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    const primed = await fetch(`http://127.0.0.1:${port}/healthz`);
    xsrf = /XSRF-TOKEN=([^;]+)/.exec(primed.headers.get('set-cookie') ?? '')![1]!;
  });
  afterAll(async () => {
    await t.close();
  });

  /** POST /profile/photo over HTTP with `headers` added; the body is the caller's to write. */
  const photoPost = (headers: Record<string, string | number>) => {
    const answer = Promise.withResolvers<IncomingMessage>();
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/live-connect/api/profile/photo',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${learner.token}`,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
        ...headers,
      },
    });
    req.on('response', answer.resolve);
    req.on('error', answer.reject);
    return { req, answer: answer.promise };
  };
  const bodyOf = async (res: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { errors?: Record<string, string[]> };
  };
  /** Writes `chunk` until the connection is cut or `cap` bytes are written; answers how many were. */
  const writeUntilCut = async (req: ClientRequest, chunk: Buffer, cap: number) => {
    let written = 0;
    let isCut = false;
    req.on('error', () => {
      isCut = true;
    });
    req.socket?.on('close', () => {
      isCut = true;
    });
    while (!isCut && written < cap) {
      written += chunk.length;
      if (!req.write(chunk)) await new Promise<void>((resolve) => req.once('drain', resolve).once('close', resolve));
    }
    return { written, isCut };
  };

  it('ATTACK: a photo upload that says it is 3 GB is refused before any of it is read, and its connection closed', async () => {
    const { req, answer } = photoPost({ 'content-length': 3 * 1024 ** 3 });
    req.write(fileHead);
    // Nothing more is sent: the server answers without waiting for the body it will not take.
    const res = await answer;
    expect(res.statusCode).toBe(422);
    expect(res.headers.connection).toBe('close');
    expect((await bodyOf(res)).errors).toEqual({ file: ['The photo must be at most 2 MB.'] });
    req.destroy();
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it('ATTACK: a chunked photo upload that never ends has its connection cut soon after the route takes no more', async () => {
    const { req, answer } = photoPost({ 'transfer-encoding': 'chunked' });
    answer.catch(() => undefined);
    req.write(fileHead);
    const cap = 256 * 1024 * 1024;
    const { written, isCut } = await writeUntilCut(req, Buffer.alloc(256 * 1024, 7), cap);
    req.destroy();
    // The route takes 2 MB and 1 MB of fields; the rest is what the two sockets' buffers held when it was cut.
    expect(isCut).toBe(true);
    expect(written).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it('takes a photo sent chunked, as a client that does not say its length sends it', async () => {
    const { req, answer } = photoPost({ 'transfer-encoding': 'chunked' });
    req.write(fileHead);
    req.write(await pngBytes(64, 48));
    req.end(formEnd);
    const res = await answer;
    expect(res.statusCode).toBe(200);
    await bodyOf(res);
  });
});
