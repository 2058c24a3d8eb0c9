import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDetailsBody, bankDetailsData, changePasswordBody, envelope, messageOnly, PHOTO_MAX_BYTES, profileData,
  profileMessages, profilePhotoData, updateProfileBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { describeProfile } from '../../services/accounts/describe-user.ts';
import { changePassword } from '../../services/profile/change-password.ts';
import { getBankDetails, saveBankDetails } from '../../services/profile/bank-details.ts';
import { removeProfilePhoto, uploadProfilePhoto } from '../../services/profile/profile-photo.ts';
import { updateProfile } from '../../services/profile/update-profile.ts';

const tags = ['profile'];
const security = [{ bearer: [] }];
/** Profile stays open while the email is unverified (server-rules "Accounts"). */
const signedIn = { auth: 'signed-in' } as const;

/** The multipart field `file`, read up to the size limit; multipart problems become 422 errors.file. */
async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.field('file', profileMessages.photoRequired);
  try {
    const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw AppError.field('file', profileMessages.photoRequired);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.field('file', profileMessages.photoTooLarge);
    // Only the request body is read here: whatever else fails (a form cut off before its closing
    // boundary, a wrong boundary) is the client's form, not the server, as in admin/read-form.ts.
    throw AppError.field('file', profileMessages.photoRequired);
  }
}

/** Profile editing (GET /profile is the accounts routes'): details, password, bank details, photo. */
export async function profileRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put('/profile', {
    config: signedIn,
    schema: { tags, security, body: updateProfileBody, response: { 200: envelope(profileData) } },
  }, async (request) => {
    const user = await updateProfile(ctx, { user: sessionOf(request).user, input: request.body, ip: request.ip });
    return ok(describeProfile(user), profileMessages.profileUpdated);
  });

  app.put('/password', {
    config: signedIn,
    schema: { tags, security, body: changePasswordBody, response: { 200: messageOnly } },
  }, async (request) => {
    const { user, tokenId } = sessionOf(request);
    await changePassword(ctx, { user, tokenId, currentPassword: request.body.current_password, password: request.body.password });
    return ok(null, profileMessages.passwordChanged);
  });

  app.get('/bank-details', {
    config: signedIn,
    schema: { tags, security, response: { 200: envelope(bankDetailsData.nullable()) } },
  }, async (request) => ok(await getBankDetails(ctx, ctx.db, sessionOf(request).user.id)));

  app.post('/bank-details', {
    config: signedIn,
    schema: { tags, security, body: bankDetailsBody, response: { 200: envelope(bankDetailsData) } },
  }, async (request) => ok(
    await saveBankDetails(ctx, { userId: sessionOf(request).user.id, input: request.body }),
    profileMessages.bankDetailsSaved,
  ));

  app.post('/profile/photo', {
    config: signedIn,
    schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: envelope(profilePhotoData) } },
  }, async (request) => {
    const userId = sessionOf(request).user.id;
    const upload = await readPhotoUpload(request);
    return ok(await uploadProfilePhoto(ctx, { userId, upload }), profileMessages.photoUpdated);
  });

  app.delete('/profile/photo', {
    config: signedIn,
    schema: { tags, security, response: { 200: messageOnly } },
  }, async (request) => {
    await removeProfilePhoto(ctx, { userId: sessionOf(request).user.id });
    return ok(null, profileMessages.photoRemoved);
  });
}
