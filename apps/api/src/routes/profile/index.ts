import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDetailsBody,
  bankDetailsData,
  changePasswordBody,
  envelope,
  messageOnly,
  PHOTO_MAX_BYTES,
  profileData,
  profileMessages,
  languageBody,
  profilePhotoData,
  updateProfileBody,
} from '@app/contracts';
import { idempotencyKeyOf, sendAnswer } from '../../lib/idempotency.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { acceptMultipartForms, readUpload, smallFile, type UploadMessages } from '../admin/read-form.ts';
import { describeProfile } from '../../services/accounts/index.ts';
import {
  changePassword,
  getBankDetails,
  saveBankDetails,
  removeProfilePhoto,
  uploadProfilePhoto,
  updateProfile,
  updateLanguage,
} from '../../services/profile/index.ts';
import { requireMoneyConsent } from '../../services/consent/index.ts';

const tags = ['profile'];
/** Profile stays open while the email is unverified (docs/product/accounts-and-sign-in.md#unverified-email). */
const signedIn = { auth: 'signed-in' } as const;

/** The photo's own (translated) texts for the upload's problems; a form that cannot be read asks for the photo again. */
const photoMessages: UploadMessages = {
  required: profileMessages.photoRequired,
  tooLarge: profileMessages.photoTooLarge,
  unreadable: profileMessages.photoRequired,
};

/** The multipart field `file`, read up to the photo's size limit. */
const readPhotoUpload = (request: FastifyRequest) =>
  readUpload(request, smallFile(PHOTO_MAX_BYTES, photoMessages), photoMessages);

/** Profile editing (GET /profile is the accounts routes'): details, password, bank details, photo. */
export async function profileRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  await acceptMultipartForms(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/profile',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Updates the learner's profile details (a new email needs the current password)",
        errorStatuses: [429],
        body: updateProfileBody,
        response: { 200: envelope(profileData) },
      },
    },
    async (request) => {
      const user = await updateProfile(ctx, { user: sessionOf(request).user, input: request.body, ip: request.ip });
      return ok(describeProfile(user), profileMessages.profileUpdated);
    },
  );

  app.put(
    '/profile/language',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Saves the learner's language for mail and messages",
        body: languageBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await updateLanguage(ctx, { userId: sessionOf(request).user.id, language: request.body.language });
      return ok(null, profileMessages.languageSaved);
    },
  );

  app.put(
    '/password',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Changes the password (the current one is required); other sessions are signed out',
        description:
          'An optional Idempotency-Key header makes a retry replay the first answer instead of checking the current ' +
          'password again, against the new one once the first went through.',
        errorStatuses: [409, 429],
        body: changePasswordBody,
        response: { 200: messageOnly },
      },
    },
    async (request, reply) => {
      const { user, tokenId } = sessionOf(request);
      const answer = await changePassword(ctx, {
        user,
        tokenId,
        idempotencyKey: idempotencyKeyOf(request.headers),
        currentPassword: request.body.current_password,
        password: request.body.password,
        confirmation: request.body.password_confirmation,
        answer: ok(null, profileMessages.passwordChanged),
      });
      sendAnswer(reply, answer);
    },
  );

  app.get(
    '/bank-details',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The learner's bank details for withdrawals, account number masked; null when none",
        response: { 200: envelope(bankDetailsData.nullable()) },
      },
    },
    async (request) => ok(await getBankDetails(ctx, ctx.db, sessionOf(request).user.id)),
  );

  app.post(
    '/bank-details',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Saves the bank account withdrawals are paid to (the current password is required)',
        errorStatuses: [429],
        body: bankDetailsBody,
        response: { 200: envelope(bankDetailsData) },
      },
    },
    async (request) => {
      await requireMoneyConsent(ctx, { userId: sessionOf(request).user.id });
      return ok(
        await saveBankDetails(ctx, { user: sessionOf(request).user, input: request.body }),
        profileMessages.bankDetailsSaved,
      );
    },
  );

  app.post(
    '/profile/photo',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Uploads a new profile photo',
        consumes: ['multipart/form-data'],
        upload: { file: 'PNG, GIF or JPEG, at most 2 MB' },
        response: { 200: envelope(profilePhotoData) },
      },
    },
    async (request) => {
      const userId = sessionOf(request).user.id;
      const upload = await readPhotoUpload(request);
      return ok(await uploadProfilePhoto(ctx, { userId, upload }), profileMessages.photoUpdated);
    },
  );

  app.delete(
    '/profile/photo',
    {
      config: signedIn,
      schema: { tags, summary: 'Removes the profile photo', response: { 200: messageOnly } },
    },
    async (request) => {
      await removeProfilePhoto(ctx, { userId: sessionOf(request).user.id });
      return ok(null, profileMessages.photoRemoved);
    },
  );
}
