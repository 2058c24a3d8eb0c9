import { UPLOAD_SIGN_BATCH, type AdminSubject, type UploadSigned, type UploadStart } from '@app/contracts';
import { api, ApiError } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { SubjectInput } from './create-subject';
import { subjectsQueryKey } from './get-subjects';

export interface UploadProgress {
  sent: number;
  total: number;
}

/** Parts sent at once on the direct path. */
export const PARALLEL_PARTS = 3;

/** A browser-direct upload in flight, kept in localStorage so that a failed part or a reload can resume it. */
export interface SavedUpload {
  term_id: number;
  kind: 'pdf' | 'video';
  key: string;
  upload_id: string;
  part_size: number;
  part_count: number;
  /** Parts the store has taken, with the ETag each PUT answered. */
  done: { part_number: number; etag: string }[];
}

/** The same file chosen again (after a reload too) is known by its name, size and last change. */
export const savedUploadKey = (file: File) => `chapter-upload:${file.name}:${file.size}:${file.lastModified}`;

export function readSavedUpload(file: File, termId: number, kind: 'pdf' | 'video'): SavedUpload | null {
  try {
    const saved = JSON.parse(localStorage.getItem(savedUploadKey(file)) ?? 'null') as SavedUpload | null;
    return saved && saved.term_id === termId && saved.kind === kind ? saved : null;
  } catch {
    return null;
  }
}

const writeSaved = (file: File, saved: SavedUpload) =>
  localStorage.setItem(savedUploadKey(file), JSON.stringify(saved));
const forgetSaved = (file: File) => localStorage.removeItem(savedUploadKey(file));

const partBytes = (saved: SavedUpload, file: File, n: number) =>
  Math.min(saved.part_size, file.size - (n - 1) * saved.part_size);

export const partFailedMessage = 'The upload stopped. Choose Save again to continue from where it stopped.';

/** One part PUT to its presigned URL; resolves to the ETag the store answers with. */
function putPart(url: string, body: Blob, onProgress: (sent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      // Status 0: not the API refusing the upload, so the parts sent so far stay for a resume
      // (an expired part URL is simply signed again).
      else reject(new ApiError(0, partFailedMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, partFailedMessage));
    xhr.send(body);
  });
}

/** Sends the parts not yet done, PARALLEL_PARTS at a time, signing their URLs in batches. */
async function sendParts(
  file: File,
  saved: SavedUpload,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const doneBytes = () => saved.done.reduce((sum, part) => sum + partBytes(saved, file, part.part_number), 0);
  const inFlight = new Map<number, number>();
  const report = () =>
    onProgress({ sent: doneBytes() + [...inFlight.values()].reduce((a, b) => a + b, 0), total: file.size });
  report();
  const done = new Set(saved.done.map((part) => part.part_number));
  const remaining = Array.from({ length: saved.part_count }, (_, i) => i + 1).filter((n) => !done.has(n));
  for (let from = 0; from < remaining.length; from += UPLOAD_SIGN_BATCH) {
    const batch = remaining.slice(from, from + UPLOAD_SIGN_BATCH);
    const { data } = await api.post<UploadSigned>('/admin/uploads/parts', {
      key: saved.key,
      upload_id: saved.upload_id,
      part_numbers: batch,
    });
    const queue = [...data.urls];
    // After a part fails no new part starts, but the parts already on the wire finish and are
    // remembered before the failure is reported: nothing is still sending when Save is chosen again.
    let failure: unknown;
    const worker = async () => {
      for (let next = queue.shift(); next; next = failure === undefined ? queue.shift() : undefined) {
        const { part_number: n, url } = next;
        const start = (n - 1) * saved.part_size;
        try {
          const etag = await putPart(url, file.slice(start, start + saved.part_size), (sent) => {
            inFlight.set(n, sent);
            report();
          });
          saved.done.push({ part_number: n, etag });
          writeSaved(file, saved);
        } catch (error) {
          failure ??= error;
        } finally {
          inFlight.delete(n);
          report();
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
    if (failure !== undefined) throw failure;
  }
}

export interface SaveChapterFileInput {
  termId: number;
  /** The chapter whose file is replaced; a new chapter when absent. */
  subjectId?: number;
  body: SubjectInput | Partial<SubjectInput>;
  kind: 'pdf' | 'video';
  file: File;
  onProgress: (progress: UploadProgress) => void;
}

/**
 * Saves a PDF or MP4 chapter with its file, reporting bytes sent. With S3 storage the file goes
 * straight to the bucket in parts (resumable: the parts sent are remembered per file); with file
 * storage the API answers `{ direct: false }` and the multipart form streams through it.
 */
export async function saveChapterFile(input: SaveChapterFileInput): Promise<AdminSubject> {
  const { termId, subjectId, body, kind, file, onProgress } = input;
  let saved = readSavedUpload(file, termId, kind);
  if (!saved) {
    const { data } = await api.post<UploadStart>('/admin/uploads', {
      term_id: termId,
      kind,
      file_name: file.name,
      size: file.size,
      content_type: file.type || undefined,
    });
    if (!data.direct) {
      const form = toFormData({ ...body, file_type: kind }, file);
      const progress = {
        onProgress: (sent: number) => onProgress({ sent: Math.min(sent, file.size), total: file.size }),
      };
      const answer =
        subjectId === undefined
          ? await api.upload<AdminSubject>('POST', `/admin/terms/${termId}/subjects`, form, progress)
          : await api.upload<AdminSubject>('PUT', `/admin/subjects/${subjectId}`, form, progress);
      return answer.data;
    }
    saved = {
      term_id: termId,
      kind,
      key: data.key,
      upload_id: data.upload_id,
      part_size: data.part_size,
      part_count: data.part_count,
      done: [],
    };
    writeSaved(file, saved);
  }
  try {
    await sendParts(file, saved, onProgress);
  } catch (error) {
    // An upload the store no longer knows cannot resume: start over next time.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408)
      forgetSaved(file);
    throw error;
  }
  try {
    const { data } = await api.post<AdminSubject>('/admin/uploads/complete', {
      key: saved.key,
      upload_id: saved.upload_id,
      parts: [...saved.done].sort((a, b) => a.part_number - b.part_number),
      ...(subjectId === undefined ? {} : { subject_id: subjectId }),
      name: body.name,
      about: body.about,
      position: body.position,
    });
    forgetSaved(file);
    return data;
  } catch (error) {
    // The file was refused (and deleted) or the upload is gone; a network failure can be retried.
    if (error instanceof ApiError && error.status !== 0) forgetSaved(file);
    throw error;
  }
}

export const useSaveChapterFile = (termId: number) =>
  useInvalidatingMutation(saveChapterFile, [subjectsQueryKey(termId), ['admin', 'terms']]);
