import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subjects, videoRenditions } from '@app/db';
import { createTestApp, waitFor, type TestApp } from './helpers.ts';
import { makeTestMp4 } from './video-fixtures.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse, createPaidPurchase, type CreatedCourse } from './catalogue-fixtures.ts';
import { auditOf, createAdmin, mp4Bytes, multipartForm } from './admin-fixtures.ts';
import { transcodeVideo } from '../src/services/video/transcode-video.ts';
import { signHlsUrl } from '../src/services/learning/hls-url.ts';
import { rewritePlaylist, transcodeJob, listVideosToTranscode } from '../src/services/video/index.ts';
import { createQueue, type JobQueue } from '../src/jobs/queue.ts';
import { defineJob } from '../src/jobs/registry.ts';
import { claimVideoRun } from '../src/services/video/video-state.ts';
import { TRANSCODE_ATTEMPT_SECONDS } from '../src/services/video/transcode-job.ts';
import { failStalledTranscodes } from '../src/services/video/index.ts';
import { STALLED_TRANSCODE_ERROR } from '../src/services/video/fail-stalled-transcodes.ts';
import { createFileStorage } from '../src/lib/storage.ts';

let t: TestApp;
let buyer: Learner;
let stranger: Learner;
let admin: Learner;
let course: CreatedCourse;
let workDir: string;
let source: Buffer;

/** A 6-second 1280x720 MP4 with sound, made by Debian's ffmpeg. */
const makeMp4 = (dir: string) => makeTestMp4(dir);

const lecture = () => course.terms[0]!.subjects[0]!;
const broken = () => course.terms[0]!.subjects[1]!;
const stateOf = async (subjectId: number) =>
  (await t.app.ctx.db.select().from(videoRenditions).where(eq(videoRenditions.subjectId, subjectId)))[0];
const readStored = async (key: string) => {
  const file = await t.app.ctx.storage.get(key);
  if (!file) throw new Error(`missing ${key}`);
  return text(file.stream);
};
/** Fetches a path the API handed out (it carries the prefix already). */
const fetchPath = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'video-test-'));
  source = makeMp4(workDir);
  t = await createTestApp();
  buyer = await createLearner(t.app);
  stranger = await createLearner(t.app);
  admin = await createAdmin(t.app);
  course = await createCourse(t.app, {
    terms: [
      {
        name: 'Cells',
        subjects: [
          { name: 'Lecture', fileType: 'video', file: source },
          { name: 'Corrupt', fileType: 'video', file: Buffer.concat([mp4Bytes(), Buffer.alloc(4000, 7)]) },
        ],
      },
    ],
  });
  await createPaidPurchase(t.app, { userId: buyer.id, courseId: course.id });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('transcodeVideo', () => {
  it('makes 240p, 360p and 720p HLS renditions with 4-second segments, going pending → running → ready', async () => {
    const before = await t.client.as(buyer.token).get(`/term-subjects/${course.terms[0]!.id}`);
    expect(before.body.data[0]).toMatchObject({ file_type: 'video', hls_url: null });
    expect(before.body.data[0].file_url).toContain(`/files/subjects/${lecture().id}?`);
    const adminBefore = await t.client.as(admin.token).get(`/admin/terms/${course.terms[0]!.id}/subjects`);
    expect(adminBefore.body.data[0].video).toMatchObject({ status: 'pending', progress: 0 });

    const seen: { status: string; progress: number }[] = [];
    let done = false;
    const watching = (async () => {
      while (!done) {
        const row = await stateOf(lecture().id);
        if (row) seen.push({ status: row.status, progress: row.progress });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const outcome = await transcodeVideo(t.app.ctx, { subjectId: lecture().id });
    done = true;
    await watching;

    expect(outcome.status).toBe('ready');
    if (outcome.status !== 'ready') return;
    const statuses = seen.map((s) => s.status).filter((s, i, all) => all[i - 1] !== s);
    // Pending shows only if caught between reset and claim, ready only if caught after the last write.
    expect(statuses.join(',')).toMatch(/^(pending,)?running(,ready)?$/);
    const progresses = seen.map((s) => s.progress);
    expect(progresses).toEqual([...progresses].sort((a, b) => a - b)); // only forward
    const row = (await stateOf(lecture().id))!;
    expect(row).toMatchObject({
      status: 'ready',
      progress: 100,
      error: null,
      renditions: '240,360,720',
      masterKey: outcome.masterKey,
    });
    expect(row.durationSeconds).toBeGreaterThan(5.5);
    expect(row.startedAt).not.toBeNull();
    expect(row.finishedAt).not.toBeNull();
    expect(outcome.masterKey).toBe(`hls/${lecture().id}/${outcome.version}/master.m3u8`);

    const master = await readStored(outcome.masterKey);
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(variants).toHaveLength(3);
    for (const [i, resolution] of ['426x240', '640x360', '1280x720'].entries()) {
      expect(variants[i]).toMatch(/BANDWIDTH=\d+/);
      expect(variants[i]).toContain(`RESOLUTION=${resolution}`);
    }
    for (const name of ['240p', '360p', '720p']) {
      expect(master).toContain(`${name}/index.m3u8`);
      const playlist = await readStored(`hls/${lecture().id}/${outcome.version}/${name}/index.m3u8`);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(durations.length).toBeGreaterThanOrEqual(2);
      for (const seconds of durations) expect(seconds).toBeLessThanOrEqual(4.1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeGreaterThan(5.5);
      expect(playlist).toContain('#EXT-X-ENDLIST');
      for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts'))) {
        expect(
          await t.app.ctx.storage.size(`hls/${lecture().id}/${outcome.version}/${name}/${segment}`),
        ).toBeGreaterThan(0);
      }
    }

    // A second call finds it ready and does nothing.
    expect(await transcodeVideo(t.app.ctx, { subjectId: lecture().id })).toEqual({
      status: 'skipped',
      reason: 'already ready',
    });
  }, 120_000);

  it('ends failed with the reason for a file that is not a playable video', async () => {
    const outcome = await transcodeVideo(t.app.ctx, { subjectId: broken().id });
    expect(outcome.status).toBe('failed');
    const row = (await stateOf(broken().id))!;
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^Not a playable video: /);
    expect(row.error).not.toMatch(/\/tmp|transcode-|@ 0x/); // no server paths
    expect(row.masterKey).toBeNull();
    const admin2 = await t.client.as(admin.token).get(`/admin/terms/${course.terms[0]!.id}/subjects`);
    expect(admin2.body.data[1].video).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Not a playable video/),
    });
  }, 60_000);
});

describe('listVideosToTranscode', () => {
  it('names the video chapters still to do: never transcoded or pending; failed ones when asked', async () => {
    const other = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'video', file: mp4Bytes() }, { fileType: 'pdf' }] }],
    });
    const fresh = other.terms[0]!.subjects[0]!.id;
    expect(await listVideosToTranscode(t.app.ctx.db)).toEqual([fresh]);
    expect((await listVideosToTranscode(t.app.ctx.db, { includeFailed: true })).sort()).toEqual(
      [broken().id, fresh].sort(),
    );
  });
});

describe('HLS for learners', () => {
  it('gives the buyer hls_url once ready; the playlists and segments play through the signed path', async () => {
    const res = await t.client.as(buyer.token).get(`/term-subjects/${course.terms[0]!.id}`);
    const [ready, failed] = res.body.data;
    expect(failed.hls_url).toBeNull();
    expect(ready.hls_url).toMatch(
      new RegExp(
        `^/live-connect/api/files/subjects/${lecture().id}/hls/\\d+/${buyer.id}-\\d+-[0-9a-f]{64}/master\\.m3u8$`,
      ),
    );
    expect(ready.file_url).toContain('/files/subjects/'); // the MP4 stays available

    const master = await fetchPath(ready.hls_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const base = ready.hls_url.replace(/master\.m3u8$/, '');
    const variantPath = master.body.split('\n').find((line: string) => line.endsWith('.m3u8'))!;
    const variant = await fetchPath(base + variantPath);
    expect(variant.statusCode).toBe(200);
    const segment = variant.body.split('\n').find((line: string) => line.endsWith('.ts'))!;
    expect(segment).toMatch(/^seg_\d+\.ts$/); // relative: resolves under the signed path
    const segmentUrl = base + variantPath.replace(/index\.m3u8$/, '') + segment;
    const bytes = await fetchPath(segmentUrl);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp2t');
    expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const partial = await fetchPath(segmentUrl, { range: 'bytes=0-187' });
    expect(partial.statusCode).toBe(206);
  });

  it('answers 403 to a learner who does not own the course and to altered links; 404 for other paths', async () => {
    const row = (await stateOf(lecture().id))!;
    const strangerUrl = signHlsUrl(t.app.ctx.env, {
      apiPrefix: '/live-connect/api',
      subjectId: lecture().id,
      version: row.version,
      userId: stranger.id,
      now: t.clock.now(),
    });
    expect((await fetchPath(strangerUrl)).statusCode).toBe(403);
    expect((await t.client.as(stranger.token).get(`/term-subjects/${course.terms[0]!.id}`)).statusCode).toBe(403);

    const buyerUrl = signHlsUrl(t.app.ctx.env, {
      apiPrefix: '/live-connect/api',
      subjectId: lecture().id,
      version: row.version,
      userId: buyer.id,
      now: t.clock.now(),
    });
    expect((await fetchPath(buyerUrl)).statusCode).toBe(200);
    expect((await fetchPath(buyerUrl.replace(`/${buyer.id}-`, `/${stranger.id}-`))).statusCode).toBe(403);
    expect((await fetchPath(buyerUrl.replace(`/hls/${row.version}/`, `/hls/${row.version + 1}/`))).statusCode).toBe(
      403,
    );
    expect((await fetchPath(buyerUrl.replace('master.m3u8', '../../../source.mp4'))).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await fetchPath(buyerUrl.replace('master.m3u8', '720p/seg_999.ts'))).statusCode).toBe(404);
    expect((await fetchPath(buyerUrl.replace('master.m3u8', 'secret.txt'))).statusCode).toBe(404);

    t.clock.advance(3 * 3600 * 1000);
    try {
      expect((await fetchPath(buyerUrl)).statusCode).toBe(403); // expired
    } finally {
      t.clock.advance(-3 * 3600 * 1000);
    }
  });

  it('rewrites segment links to the storage signed URLs when the storage has them', async () => {
    const files = createFileStorage(join(workDir, 'store'));
    const signing = { ...files, signedGetUrl: async (key: string) => `https://cdn.example/${key}?sig=1` };
    const body = '#EXTM3U\n#EXTINF:4.0,\nseg_000.ts\n#EXT-X-ENDLIST\n';
    expect(await rewritePlaylist(signing, { playlistKey: 'hls/1/2/240p/index.m3u8', body })).toBe(
      '#EXTM3U\n#EXTINF:4.0,\nhttps://cdn.example/hls/1/2/240p/seg_000.ts?sig=1\n#EXT-X-ENDLIST\n',
    );
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n240p/index.m3u8\n';
    expect(await rewritePlaylist(signing, { playlistKey: 'hls/1/2/master.m3u8', body: master })).toBe(master);
    // File storage answers null: links stay relative, under the API's signed path.
    expect(
      await rewritePlaylist(
        { ...files, signedGetUrl: async () => null },
        { playlistKey: 'hls/1/2/240p/index.m3u8', body },
      ),
    ).toBe(body);
    expect(await rewritePlaylist(files, { playlistKey: 'hls/1/2/240p/index.m3u8', body })).toBe(body);
  });
});

describe('admin', () => {
  // Uploads and 'Transcode again' queue a 'transcode' job: a worker on the app's database runs it.
  let worker: JobQueue;
  beforeAll(async () => {
    worker = createQueue(t.app.ctx.database, {
      definitions: [transcodeJob],
      worker: { pollingIntervalSeconds: 0.5, schedules: false },
    });
    await worker.startWorker(t.app.ctx);
  });
  afterAll(async () => {
    await worker.stop();
  });
  const settled = (subjectId: number) =>
    waitFor(async () => ['ready', 'failed'].includes((await stateOf(subjectId))?.status ?? ''), 45_000, 200);

  it("'Transcode again' resets a failed video (audited) and runs it; 400 for other chapters", async () => {
    const res = await t.client.as(admin.token).post(`/admin/subjects/${broken().id}/transcode`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', progress: 0, error: null });
    const audit = await auditOf(t.app, 'subjects', broken().id);
    expect(audit.at(-1)).toMatchObject({ action: 'subject.transcode', actorId: admin.id });
    expect(audit.at(-1)!.before).toMatchObject({ status: 'failed' });
    await settled(broken().id);
    expect((await stateOf(broken().id))!.status).toBe('failed');

    expect((await t.client.as(buyer.token).post(`/admin/subjects/${broken().id}/transcode`)).statusCode).toBe(403);
    const other = await createCourse(t.app, { terms: [{ subjects: [{ fileType: 'youtube' }] }] });
    expect(
      (await t.client.as(admin.token).post(`/admin/subjects/${other.terms[0]!.subjects[0]!.id}/transcode`)).statusCode,
    ).toBe(400);
    expect((await t.client.as(admin.token).post('/admin/subjects/999999/transcode')).statusCode).toBe(404);
  }, 60_000);

  it('a new upload of the chapter file resets the state: pending, hls_url null, the new MP4 plays; old renditions go', async () => {
    const old = (await stateOf(lecture().id))!;
    const oldSegment = old.masterKey!.replace('master.m3u8', '240p/seg_000.ts');
    expect(await t.app.ctx.storage.size(oldSegment)).toBeGreaterThan(0);
    const form = multipartForm(
      {},
      { filename: 'new.mp4', type: 'video/mp4', content: Buffer.concat([mp4Bytes(), Buffer.alloc(100)]) },
    );
    const res = await t.client.as(admin.token).put(`/admin/subjects/${lecture().id}`, form.body, form.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.video).toMatchObject({ status: 'pending', progress: 0 });
    const subjects = await t.client.as(buyer.token).get(`/term-subjects/${course.terms[0]!.id}`);
    expect(subjects.body.data[0].hls_url).toBeNull();
    expect(await t.app.ctx.storage.size(old.masterKey!)).toBeNull();
    expect(await t.app.ctx.storage.size(oldSegment)).toBeNull();
    await settled(lecture().id);
    expect((await stateOf(lecture().id))!.status).toBe('failed'); // the new file is not a real video
  }, 60_000);
});

describe('deleting a transcoded chapter, term or course', () => {
  // Two seconds of 720p: every rendition (240p to 720p) in one segment each, a third of the main source's transcode.
  let short: Buffer;
  beforeAll(() => {
    short = makeTestMp4(workDir, { seconds: 2 });
  });
  /** A course of one transcoded video chapter: its renditions' playlist and one segment, as stored. */
  const transcodedCourse = async () => {
    const created = await createCourse(t.app, {
      terms: [{ name: 'Term', subjects: [{ name: 'Lecture', fileType: 'video', file: short }] }],
    });
    const subjectId = created.terms[0]!.subjects[0]!.id;
    expect((await transcodeVideo(t.app.ctx, { subjectId })).status).toBe('ready');
    const masterKey = (await stateOf(subjectId))!.masterKey!;
    const segmentKey = masterKey.replace('master.m3u8', '240p/seg_000.ts');
    expect(await t.app.ctx.storage.size(segmentKey)).toBeGreaterThan(0);
    return { created, subjectId, keys: [masterKey, segmentKey, masterKey.replace('master.m3u8', '720p/index.m3u8')] };
  };
  const expectGone = async (keys: string[]) => {
    for (const key of keys) expect(await t.app.ctx.storage.size(key), key).toBeNull();
  };

  it('removes the renditions from storage with the chapter, the term or the course', async () => {
    const as = t.client.as(admin.token);
    const chapter = await transcodedCourse();
    expect((await as.delete(`/admin/subjects/${chapter.subjectId}`)).statusCode).toBe(200);
    await expectGone(chapter.keys);

    const term = await transcodedCourse();
    expect((await as.delete(`/admin/terms/${term.created.terms[0]!.id}`)).statusCode).toBe(200);
    await expectGone(term.keys);

    const course = await transcodedCourse();
    expect((await as.delete(`/admin/courses/${course.created.id}`)).statusCode).toBe(200);
    await expectGone(course.keys);
  }, 120_000);

  it('removes them when the chapter stops being a video (now a YouTube link)', async () => {
    const chapter = await transcodedCourse();
    const form = multipartForm({ name: 'Lecture', file_type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' });
    const res = await t.client.as(admin.token).put(`/admin/subjects/${chapter.subjectId}`, form.body, form.headers);
    expect(res.statusCode).toBe(200);
    await expectGone(chapter.keys);
  }, 60_000);
});

describe('a transcode that throws', () => {
  // A real worker on the app's database, whose storage refuses the renditions' uploads as a full
  // or unreachable bucket would; one retry, at once, so the last attempt comes quickly.
  let worker: JobQueue;
  let chapter: number;
  let termId: number;
  beforeAll(async () => {
    const small = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'video', file: makeTestMp4(workDir, { seconds: 2, size: '320x240' }) }] }],
    });
    chapter = small.terms[0]!.subjects[0]!.id;
    termId = small.terms[0]!.id;
    const storage = t.app.ctx.storage;
    const refusingUploads = {
      ...storage,
      put: async (...args: Parameters<typeof storage.put>) => {
        if (args[0].startsWith('hls/')) throw new Error('S3: SlowDown (503) on PutObject');
        return storage.put(...args);
      },
    };
    worker = createQueue(t.app.ctx.database, {
      definitions: [
        defineJob('transcode', transcodeJob.handler, { ...transcodeJob.options, retryLimit: 1, retryDelaySeconds: 0 }),
      ],
      worker: { pollingIntervalSeconds: 0.5, schedules: false },
    });
    await worker.startWorker({ ...t.app.ctx, storage: refusingUploads });
  });
  afterAll(async () => {
    await worker.stop();
  });

  it("ends failed with the reason once the queue's last attempt fails, and the console offers 'Transcode again'", async () => {
    await worker.enqueue('transcode', { subjectId: chapter });
    await waitFor(
      async () => (await worker.overview(10)).failed.some((job) => job.summary.subjectId === chapter),
      60_000,
      200,
    );

    const failedJob = (await worker.overview(10)).failed.find((job) => job.summary.subjectId === chapter)!;
    expect(failedJob.attempts).toBe(2);
    const row = (await stateOf(chapter))!;
    expect(row).toMatchObject({ status: 'failed', masterKey: null });
    expect(row.error).toBe('Transcoding stopped on an error, with no retry left: S3: SlowDown (503) on PutObject');
    expect(row.finishedAt).not.toBeNull();
    // What the console reads: 'failed' with the reason is where it shows 'Transcode again'.
    const onConsole = await t.client.as(admin.token).get(`/admin/terms/${termId}/subjects`);
    expect(onConsole.body.data[0].video).toMatchObject({ status: 'failed', error: row.error });
  }, 90_000);
});

describe('failStalledTranscodes (the startup sweep)', () => {
  it('ends a run no attempt has written for longer than one attempt may last; a live one stays running', async () => {
    const other = await createCourse(t.app, {
      terms: [
        {
          subjects: [
            { fileType: 'video', file: mp4Bytes() },
            { fileType: 'video', file: mp4Bytes() },
          ],
        },
      ],
    });
    const [stuck, live] = other.terms[0]!.subjects.map((s) => s.id) as [number, number];
    const claim = async (subjectId: number) => {
      const [subject] = await t.app.ctx.db.select().from(subjects).where(eq(subjects.id, subjectId));
      await claimVideoRun(t.app.ctx.db, t.app.ctx, { subjectId, sourceRef: subject!.fileRef });
    };
    await claim(stuck);
    t.clock.advance(TRANSCODE_ATTEMPT_SECONDS * 1000 - 60_000);
    await claim(live);
    t.clock.advance(2 * 60_000);
    try {
      expect(await failStalledTranscodes(t.app.ctx)).toEqual([stuck]);
      expect(await stateOf(stuck)).toMatchObject({ status: 'failed', error: STALLED_TRANSCODE_ERROR });
      expect((await stateOf(live))!.status).toBe('running');
      expect(await failStalledTranscodes(t.app.ctx)).toEqual([]);
    } finally {
      t.clock.advance(-(TRANSCODE_ATTEMPT_SECONDS * 1000 + 60_000));
    }
  });
});
