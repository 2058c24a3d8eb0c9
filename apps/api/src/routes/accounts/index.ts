import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  authData,
  envelope,
  forgotPasswordOtpBody,
  loginBody,
  meData,
  messageOnly,
  messages,
  profileData,
  referenceUserValidateBody,
  referralUser,
  registerBodyServer,
  resetPasswordBodyServer,
  verifyEmailOtpBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import {
  describeMe,
  describeProfile,
  loginUser,
  newDeviceId,
  registerUser,
  requestPasswordReset,
  resetPassword,
  sendVerificationOtp,
  revokeToken,
  trustedDeviceSetCookie,
  type TrustedAccount,
  validateReferral,
  verifyEmail,
} from '../../services/accounts/index.ts';

const tags = ['accounts'];
const signedIn = { auth: 'signed-in' } as const;
const isPublic = { auth: 'public' } as const;

/** Sign-up, sign-in, email verification and password reset (docs/product/accounts-and-sign-in.md). */
export async function accountRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Marks the browser as one that signed in to the account (its later wrong passwords lock only itself). */
  const trustDevice = (reply: FastifyReply, account: TrustedAccount, deviceId: string) =>
    reply.header(
      'set-cookie',
      trustedDeviceSetCookie({
        secret: ctx.env.APP_SECRET,
        account,
        deviceId,
        path: `${fastify.prefix}/login`,
        secure: ctx.env.NODE_ENV === 'production',
      }),
    );

  app.post(
    '/register',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Creates an account and answers its bearer token',
        errorStatuses: [429],
        body: registerBodyServer,
        response: { 200: envelope(authData) },
      },
    },
    async (request, reply) => {
      const { auth, userId } = await registerUser(ctx, {
        input: request.body,
        ip: request.ip,
        language: request.language,
      });
      trustDevice(reply, { userId, email: request.body.email }, newDeviceId());
      return ok(auth, accountMessages.registered);
    },
  );

  app.post(
    '/reference-user-validate',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Checks a referral code and answers whose it is',
        errorStatuses: [429],
        body: referenceUserValidateBody,
        response: { 200: envelope(referralUser) },
      },
    },
    async (request) => ok(await validateReferral(ctx, { code: request.body.reference_user, ip: request.ip })),
  );

  app.post(
    '/login',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Signs in with email and password and answers a bearer token',
        errorStatuses: [429],
        body: loginBody,
        response: { 200: envelope(authData) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const { auth, userId, deviceId } = await loginUser(ctx, {
        ...request.body,
        ip: request.ip,
        cookieHeader: request.headers.cookie,
      });
      trustDevice(reply, { userId, email }, deviceId);
      return ok(auth, accountMessages.loggedIn);
    },
  );

  app.get(
    '/me',
    {
      config: signedIn,
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(meData) } },
    },
    async (request) => ok(describeMe(sessionOf(request).user)),
  );

  app.post(
    '/logout',
    {
      config: signedIn,
      schema: { tags, summary: 'Signs out: revokes this bearer token', response: { 200: messageOnly } },
    },
    async (request) => {
      await revokeToken(ctx.db, sessionOf(request).tokenId, ctx.now());
      return ok(null, messages.loggedOut);
    },
  );

  app.get(
    '/profile',
    {
      config: signedIn,
      schema: { tags, summary: "The signed-in user's profile", response: { 200: envelope(profileData) } },
    },
    async (request) => ok(describeProfile(sessionOf(request).user)),
  );

  app.get(
    '/send-email-otp',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Emails a one-time code to verify the email address',
        errorStatuses: [429],
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await sendVerificationOtp(ctx, { user: sessionOf(request).user, ip: request.ip });
      return ok(null, messages.otpSent);
    },
  );

  app.post(
    '/verify-email-otp',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Verifies the email address with the emailed code',
        body: verifyEmailOtpBody,
        response: { 200: envelope(z.object({ email_verified_at: z.string() })) },
      },
    },
    async (request) =>
      ok(await verifyEmail(ctx, { user: sessionOf(request).user, ...request.body }), messages.emailVerified),
  );

  app.post(
    '/forgot-password-otp',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Emails a one-time code to reset a forgotten password',
        errorStatuses: [429],
        body: forgotPasswordOtpBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, { email: request.body.email, ip: request.ip, log: request.log });
      return ok(null, messages.resetOtpSent);
    },
  );

  app.post(
    '/reset-password',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Sets a new password with the emailed code',
        errorStatuses: [429],
        body: resetPasswordBodyServer,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { email, otp, password } = request.body;
      await resetPassword(ctx, { email, otp, password, ip: request.ip });
      return ok(null, messages.passwordReset);
    },
  );
}
