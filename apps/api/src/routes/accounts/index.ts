import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages, authData, envelope, forgotPasswordOtpBody, loginBody, meData, messageOnly, messages,
  profileData, referenceUserValidateBody, referralUser, registerBodyServer, resetPasswordBodyServer,
  verifyEmailOtpBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { describeMe, describeProfile } from '../../services/accounts/describe-user.ts';
import { loginUser } from '../../services/accounts/login-user.ts';
import { registerUser } from '../../services/accounts/register-user.ts';
import { requestPasswordReset } from '../../services/accounts/request-password-reset.ts';
import { resetPassword } from '../../services/accounts/reset-password.ts';
import { sendVerificationOtp } from '../../services/accounts/send-verification-otp.ts';
import { revokeToken } from '../../services/accounts/tokens.ts';
import { validateReferral } from '../../services/accounts/validate-referral.ts';
import { verifyEmail } from '../../services/accounts/verify-email.ts';

const tags = ['accounts'];
const signedIn = { auth: 'signed-in' } as const;
const isPublic = { auth: 'public' } as const;

/** Sign-up, sign-in, email verification and password reset (spec section 7, server-rules Accounts). */
export async function accountRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/register', {
    config: isPublic,
    schema: { tags, body: registerBodyServer, response: { 200: envelope(authData) } },
  }, async (request) => ok(await registerUser(ctx, { input: request.body, ip: request.ip }), accountMessages.registered));

  app.post('/reference-user-validate', {
    config: isPublic,
    schema: { tags, body: referenceUserValidateBody, response: { 200: envelope(referralUser) } },
  }, async (request) => ok(await validateReferral(ctx, { code: request.body.reference_user, ip: request.ip })));

  app.post('/login', {
    config: isPublic,
    schema: { tags, body: loginBody, response: { 200: envelope(authData) } },
  }, async (request) => ok(await loginUser(ctx, { ...request.body, ip: request.ip }), accountMessages.loggedIn));

  app.get('/me', {
    config: signedIn,
    schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(meData) } },
  }, async (request) => ok(describeMe(sessionOf(request).user)));

  app.post('/logout', {
    config: signedIn,
    schema: { tags, security: [{ bearer: [] }], response: { 200: messageOnly } },
  }, async (request) => {
    await revokeToken(ctx.db, sessionOf(request).tokenId, ctx.now());
    return ok(null, messages.loggedOut);
  });

  app.get('/profile', {
    config: signedIn,
    schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(profileData) } },
  }, async (request) => ok(describeProfile(sessionOf(request).user)));

  app.get('/send-email-otp', {
    config: signedIn,
    schema: { tags, security: [{ bearer: [] }], response: { 200: messageOnly } },
  }, async (request) => {
    await sendVerificationOtp(ctx, { user: sessionOf(request).user, ip: request.ip });
    return ok(null, messages.otpSent);
  });

  app.post('/verify-email-otp', {
    config: signedIn,
    schema: {
      tags, security: [{ bearer: [] }], body: verifyEmailOtpBody,
      response: { 200: envelope(z.object({ email_verified_at: z.string() })) },
    },
  }, async (request) => ok(await verifyEmail(ctx, { user: sessionOf(request).user, ...request.body }), messages.emailVerified));

  app.post('/forgot-password-otp', {
    config: isPublic,
    schema: { tags, body: forgotPasswordOtpBody, response: { 200: messageOnly } },
  }, async (request) => {
    await requestPasswordReset(ctx, { email: request.body.email, ip: request.ip, log: request.log });
    return ok(null, messages.resetOtpSent);
  });

  app.post('/reset-password', {
    config: isPublic,
    schema: { tags, body: resetPasswordBodyServer, response: { 200: messageOnly } },
  }, async (request) => {
    const { email, otp, password } = request.body;
    await resetPassword(ctx, { email, otp, password, ip: request.ip });
    return ok(null, messages.passwordReset);
  });
}
