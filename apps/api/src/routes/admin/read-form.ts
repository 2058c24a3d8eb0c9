import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminMessages, PHOTO_MAX_BYTES } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { readSmallUpload, UPLOAD_MAX_BYTES } from '../../services/admin/index.ts';

/**
 * Lets the routes of `scope` read multipart forms: registered only in the scopes that take uploads (the console and
 * the profile photo), because the plugin adds two async hooks to every request of its scope (/healthz, GET /course and
 * the rest have no use for them). A multipart body sent anywhere else is refused like any other unsupported type.
 */
export async function acceptMultipartForms(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 1 } });
}

/**
 * What a route does with the multipart field `file` as it arrives: stream it to storage (chapters,
 * videos) or read a small one (images, CSV). `fields` holds the text fields sent before the file.
 * A sink that refuses the file may stop reading it; readForm drops the rest. `discard` undoes
 * `receive` when the request fails after it (a later part, the field check).
 */
export interface FileSink<T> {
  receive(file: AsyncIterable<Uint8Array>, fields: Record<string, unknown>): Promise<T>;
  discard?(value: T): Promise<void>;
  /** The largest file the sink takes; UPLOAD_MAX_BYTES (the largest kind) when unset. */
  maxBytes?: number;
}

/** Room in a form's body for its text fields and the multipart framing, beside the file. */
const FORM_FIELDS_BYTES = 1024 * 1024;

export interface FormInput<T> {
  /** JSON body, or the text fields of a multipart form. */
  fields: Record<string, unknown>;
  /** What the sink made of the multipart file field `file`, when sent. */
  file: T | null;
}

/** What a form's file problems answer (422 errors.file): the console's texts, or a feature's own. */
export interface UploadMessages {
  required: string;
  tooLarge: string;
  /** A malformed or cut-off form. */
  unreadable: string;
}

const consoleMessages: UploadMessages = {
  required: adminMessages.fileRequired,
  tooLarge: adminMessages.fileTooLarge,
  unreadable: adminMessages.formUnreadable,
};

/** A sink that reads a small file into memory, refused past `maxBytes` (images by default). */
export const smallFile = (
  maxBytes: number = PHOTO_MAX_BYTES,
  messages: UploadMessages = consoleMessages,
): FileSink<Buffer> => ({
  maxBytes,
  receive: async (file) => {
    const body = await readSmallUpload(file, maxBytes, messages.tooLarge);
    if (body.length === 0) throw AppError.field('file', messages.required);
    return body;
  },
});

/**
 * The input of a route that takes either JSON or a multipart form (text fields + one file in
 * `file`). The file goes to `sink` while the request streams, never whole into memory; `check`
 * (the caller's field parse) runs before the answer, and if anything fails after the sink took
 * the file, the sink discards it. Multipart problems become 422 errors.file with `messages`.
 */
export async function readForm<T, I = Record<string, unknown>>(
  request: FastifyRequest,
  sink: FileSink<T>,
  check: (fields: Record<string, unknown>) => I = (fields) => fields as I,
  messages: UploadMessages = consoleMessages,
): Promise<{ input: I; file: T | null }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      input: check(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}),
      file: null,
    };
  }
  const maxBytes = sink.maxBytes ?? UPLOAD_MAX_BYTES;
  const bodyLimit = maxBytes + FORM_FIELDS_BYTES;
  const isChunked = refuseDeclaredOver(request, bodyLimit, messages);
  const fields: Record<string, unknown> = {};
  let file: T | null = null;
  let refusal: unknown = null;
  // Before the parser is given the body, in the same tick (a stream starts flowing on the next), so both see all of it.
  if (isChunked) cutChunkedOver(request, bodyLimit);
  try {
    // One byte over the sink's largest, so that the sink's own count (per kind) is what refuses.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || refusal !== null) {
          part.file.resume();
          continue;
        }
        try {
          // Leaving this iteration early must not destroy the stream: busboy would stop and the
          // rest of the body would never be read (see the catch below).
          const stream = part.file;
          file = await sink.receive(
            { [Symbol.asyncIterator]: () => stream.iterator({ destroyOnReturn: false }) },
            { ...fields },
          );
          if (part.file.truncated) refusal = AppError.field('file', messages.tooLarge);
        } catch (error) {
          // The rest of the body is read and dropped before answering: a request left half-read
          // would keep its keep-alive connection busy (and the server from closing) for good.
          refusal = error;
          part.file.resume();
        }
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    if (refusal !== null) throw refusal;
    return { input: check(fields), file };
  } catch (error) {
    if (file !== null) await sink.discard?.(file).catch(() => undefined);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.field('file', messages.tooLarge);
    // Nothing but the request body is read here: whatever else fails (a malformed or cut-off
    // form, too many parts) is the client's form, not the server.
    throw AppError.field('file', messages.unreadable);
  }
}

/*
 * A form's body is bounded by what its route takes (the sink's largest file and room for the fields), so that what is
 * read of a refused upload to answer it (readForm) is bounded too: a 2 MB photo route sent gigabytes, or a chunked body
 * that never ends, kept a core parsing it for as long as the sender liked.
 */

/**
 * Refuses a body that says it is larger than `limit` before reading any of it; the answer closes the connection rather
 * than read the rest. Node reads no more than a declared length, so that is bound enough. True when the body does
 * not say its length (chunked).
 */
function refuseDeclaredOver(request: FastifyRequest, limit: number, messages: UploadMessages): boolean {
  const declared = request.headers['content-length'];
  if (declared === undefined) return true;
  if (Number(declared) > limit) throw AppError.field('file', messages.tooLarge, { closesConnection: true });
  return false;
}

/** Cuts the connection of a chunked body once it has sent more than `limit`. */
function cutChunkedOver(request: FastifyRequest, limit: number): void {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) request.raw.destroy();
  };
  request.raw.on('data', count);
  request.raw.once('close', () => request.raw.off('data', count));
}

/** The file of an upload-only route (multipart field `file`); 422 when missing. */
export async function readUpload<T>(
  request: FastifyRequest,
  sink: FileSink<T>,
  messages: UploadMessages = consoleMessages,
): Promise<T> {
  if (!request.isMultipart()) throw AppError.field('file', messages.required);
  const { file } = await readForm(request, sink, undefined, messages);
  if (file === null) throw AppError.field('file', messages.required);
  return file;
}
