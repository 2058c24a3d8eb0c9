import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSubject } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { savedUploadKey } from '../api/save-chapter-file';
import { SubjectFormModal } from './subject-form-modal';

/**
 * XMLHttpRequest as the browser gives it: the tests decide each answer and the upload progress
 * events before it. (mockApi answers fetch; uploads go through XHR for their progress.)
 */
interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}
type XhrAnswer = {
  status: number;
  body?: unknown;
  etag?: string;
  progress?: number[];
  fail?: boolean;
  hold?: Promise<void>;
};
let answerXhr: (request: FakeRequest) => XhrAnswer;
const xhrRequests: FakeRequest[] = [];
let inFlight = 0;
let mostInFlight = 0;

class FakeXhr {
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  private request: FakeRequest = { method: '', url: '', body: null, headers: {} };
  private etag: string | null = null;
  open(method: string, url: string) {
    this.request = { ...this.request, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? this.etag : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.request.body = body;
    xhrRequests.push(this.request);
    const answer = answerXhr(this.request);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    void (async () => {
      await (answer.hold ?? Promise.resolve());
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const loaded of answer.progress ?? []) this.upload.onprogress?.({ loaded, total: 100 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (answer.fail) return this.onerror?.();
      this.status = answer.status;
      this.etag = answer.etag ?? null;
      this.responseText = JSON.stringify(answer.body ?? null);
      this.onload?.();
    })();
  }
}

const chapter: AdminSubject = {
  id: 9,
  term_id: 7,
  name: 'Lecture',
  about: '',
  position: 0,
  file_type: 'video',
  url: null,
  has_file: true,
  questions_count: 0,
  video: null,
};

/** An MP4-named file of `size` bytes. */
const videoFile = (size: number) =>
  new File([new Uint8Array(size)], 'lecture.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });

async function chooseAndSave(user: ReturnType<typeof renderWithProviders>['user'], file: File) {
  await user.upload(screen.getByLabelText('MP4 file'), file);
  await user.click(screen.getByRole('button', { name: 'Add chapter' }));
}

beforeEach(() => {
  xhrRequests.length = 0;
  inFlight = 0;
  mostInFlight = 0;
  localStorage.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function renderModal(onClose = vi.fn()) {
  const view = renderWithProviders(<SubjectFormModal termId={7} nextPosition={0} onClose={onClose} />);
  return { ...view, onClose };
}

async function fillVideoChapter(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Lecture');
  await user.selectOptions(screen.getByLabelText('Content'), 'video');
}

describe('SubjectFormModal: uploads', () => {
  it('streams through the API with XHR (file storage) and shows bytes sent on a progress bar', async () => {
    const server = mockApi({ 'POST /admin/uploads': ok({ direct: false }) });
    let release!: () => void;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerXhr = () => ({
      status: 200,
      body: { status: true, message: 'Created.', data: chapter },
      progress: [60],
      hold,
    });
    const { user, onClose } = renderModal();
    await fillVideoChapter(user);
    await chooseAndSave(user, videoFile(100));

    // The bar shows what the browser reports as sent while the request is under way.
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');
    release();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '60'),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('POST', '/admin/uploads')[0]?.body).toEqual({
      term_id: 7,
      kind: 'video',
      file_name: 'lecture.mp4',
      size: 100,
      content_type: 'video/mp4',
    });
    const [form] = xhrRequests;
    expect([form?.method, form?.url]).toEqual(['POST', '/live-connect/api/admin/terms/7/subjects']);
    expect((form?.body as FormData).get('file_type')).toBe('video');
    expect((form?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(form?.headers['x-xsrf-token']).toBeTruthy();
  });

  it('sends parts straight to storage three at a time, and resumes from the parts sent after one fails and the page reloads', async () => {
    const server = mockApi({
      'POST /admin/uploads': ok({
        direct: true,
        key: 'private/subjects/term-7/chapter-abcdefghijklmnop.mp4',
        upload_id: 'u1',
        part_size: 10,
        part_count: 5,
      }),
      'POST /admin/uploads/parts': ({ body }) =>
        ok({
          urls: (body as { part_numbers: number[] }).part_numbers.map((n) => ({
            part_number: n,
            url: `https://bucket.test/part/${n}`,
          })),
        }),
      'POST /admin/uploads/complete': ok(chapter, 'Saved.'),
    });
    let isPartFourDown = true;
    answerXhr = (request) => {
      const n = Number(request.url.split('/').pop());
      if (n === 4 && isPartFourDown) return { status: 0, fail: true };
      // Part 5 is still on the wire well after part 4 has failed.
      const hold = n === 5 && isPartFourDown ? new Promise<void>((resolve) => setTimeout(resolve, 150)) : undefined;
      return { status: 200, etag: `"etag-${n}"`, progress: [5], hold };
    };
    const file = videoFile(45);
    const first = renderModal();
    await fillVideoChapter(first.user);
    await chooseAndSave(first.user, file);

    expect(
      await screen.findByText('The upload stopped. Choose Save again to continue from where it stopped.'),
    ).toBeInTheDocument();
    expect(mostInFlight).toBe(3);
    // The part already on the wire when part 4 failed finished first: nothing is still sending.
    expect(inFlight).toBe(0);
    const saved = JSON.parse(localStorage.getItem(savedUploadKey(file))!);
    expect(saved.done.map((p: { part_number: number }) => p.part_number).sort()).toEqual([1, 2, 3, 5]);
    // 4 of 5 parts (10 + 10 + 10 + 5 bytes of 45) are on the bar.
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '77');
    first.unmount();

    // A reload: a new page, the same file chosen again.
    isPartFourDown = false;
    xhrRequests.length = 0;
    const second = renderModal();
    await fillVideoChapter(second.user);
    await second.user.upload(screen.getByLabelText('MP4 file'), file);
    expect(
      screen.getByText('4 of 5 parts of this file were sent before; saving continues from there.'),
    ).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Add chapter' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());

    expect(xhrRequests.map((r) => r.url)).toEqual(['https://bucket.test/part/4']);
    expect(server.callsTo('POST', '/admin/uploads')).toHaveLength(1);
    expect(server.callsTo('POST', '/admin/uploads/parts').at(-1)?.body).toEqual({
      key: 'private/subjects/term-7/chapter-abcdefghijklmnop.mp4',
      upload_id: 'u1',
      part_numbers: [4],
    });
    expect(server.callsTo('POST', '/admin/uploads/complete')[0]?.body).toMatchObject({
      key: 'private/subjects/term-7/chapter-abcdefghijklmnop.mp4',
      upload_id: 'u1',
      parts: [1, 2, 3, 4, 5].map((n) => ({ part_number: n, etag: `"etag-${n}"` })),
      name: 'Lecture',
    });
    expect(localStorage.getItem(savedUploadKey(file))).toBeNull();
  });
});
