import type { Env } from '../../env.ts';
import { hmacHex, signaturesMatch } from '../../lib/crypto.ts';

/** How long a chapter file link works. */
export const FILE_URL_TTL_SECONDS = 2 * 3600;
/** Expiries are rounded up to this step, so links asked for close together are equal (and cacheable). */
const EXPIRY_STEP_SECONDS = 600;

const keyOf = (env: Pick<Env, 'APP_SECRET'>) => hmacHex(env.APP_SECRET, 'subject-file-url');
const payloadOf = (subjectId: number, userId: number, expiry: number) =>
  `subject-file:${subjectId}:${userId}:${expiry}`;

/**
 * A chapter file link for one learner: `<prefix>/files/subjects/<id>?u=<user>&e=<expiry>&s=<hmac>`.
 * Frames and video tags cannot send the bearer token, so the link itself carries who may open it
 * and until when; the file route still checks that this learner owns the course.
 */
export function signSubjectFileUrl(
  env: Pick<Env, 'APP_SECRET'>,
  options: { apiPrefix: string; subjectId: number; userId: number; now: Date },
): string {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const expiry = Math.ceil((nowSeconds + FILE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const signature = hmacHex(keyOf(env), payloadOf(options.subjectId, options.userId, expiry));
  return `${options.apiPrefix}/files/subjects/${options.subjectId}?u=${options.userId}&e=${expiry}&s=${signature}`;
}

/** The learner a link was signed for, or null when it is forged, altered or expired. */
export function verifySubjectFileUrl(
  env: Pick<Env, 'APP_SECRET'>,
  options: { subjectId: number; u?: string | undefined; e?: string | undefined; s?: string | undefined; now: Date },
): number | null {
  if (!options.u || !options.e || !options.s || !/^\d{1,10}$/.test(options.u) || !/^\d{1,12}$/.test(options.e))
    return null;
  const userId = Number(options.u);
  const expiry = Number(options.e);
  if (expiry * 1000 <= options.now.getTime()) return null;
  const expected = hmacHex(keyOf(env), payloadOf(options.subjectId, userId, expiry));
  return signaturesMatch(expected, options.s) ? userId : null;
}
