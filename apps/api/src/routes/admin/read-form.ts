import type { FastifyRequest } from 'fastify';
import { adminMessages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { UPLOAD_MAX_BYTES } from '../../services/admin/uploads.ts';

export interface FormInput {
  /** JSON body, or the text fields of a multipart form. */
  fields: Record<string, unknown>;
  /** The multipart file field `file`, when sent. */
  file: Buffer | null;
}

/**
 * The input of a route that takes either JSON or a multipart form (text fields + one file in
 * `file`). The fields are checked by the caller with `parseInput`; multipart problems become 422
 * errors.file, as the profile photo upload does.
 */
export async function readForm(request: FastifyRequest, options: { maxFileBytes?: number } = {}): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? body as Record<string, unknown> : {}, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes ?? UPLOAD_MAX_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.field('file', adminMessages.fileTooLarge);
    // Nothing but the request body is read here: whatever else fails (a malformed or cut-off
    // form, too many parts) is the client's form, not the server.
    throw AppError.field('file', adminMessages.formUnreadable);
  }
  return { fields, file };
}

/** The file of an upload-only route (multipart field `file`); 422 when missing. */
export async function readUpload(request: FastifyRequest, options: { maxFileBytes?: number } = {}): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.field('file', adminMessages.fileRequired);
  const { file } = await readForm(request, options);
  if (!file || file.length === 0) throw AppError.field('file', adminMessages.fileRequired);
  return file;
}
