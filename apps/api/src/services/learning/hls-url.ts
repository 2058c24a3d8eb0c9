import type { Env } from '../../env.ts';
import { hmacHex, signaturesMatch } from '../../lib/crypto.ts';
import { FILE_URL_TTL_SECONDS } from './subject-file-url.ts';

const EXPIRY_STEP_SECONDS = 600;
const keyOf = (env: Pick<Env, 'APP_SECRET'>) => hmacHex(env.APP_SECRET, 'subject-hls-url');
const payloadOf = (subjectId: number, version: number, userId: number, expiry: number) =>
  `subject-hls:${subjectId}:${version}:${userId}:${expiry}`;

/**
 * The HLS master playlist of a chapter for one learner:
 * `<prefix>/files/subjects/<id>/hls/<version>/<user>-<expiry>-<hmac>/master.m3u8`.
 * The signature sits in the path, not the query, so the playlists' relative links (variant
 * playlists, segments) resolve under it and carry it too; the route still checks the course.
 */
export function signHlsUrl(
  env: Pick<Env, 'APP_SECRET'>,
  options: { apiPrefix: string; subjectId: number; version: number; userId: number; now: Date },
): string {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const expiry = Math.ceil((nowSeconds + FILE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const signature = hmacHex(keyOf(env), payloadOf(options.subjectId, options.version, options.userId, expiry));
  return `${options.apiPrefix}/files/subjects/${options.subjectId}/hls/${options.version}/${options.userId}-${expiry}-${signature}/master.m3u8`;
}

/** The learner a token was signed for, or null when it is forged, altered or expired. */
export function verifyHlsToken(
  env: Pick<Env, 'APP_SECRET'>,
  options: { subjectId: number; version: number; token: string; now: Date },
): number | null {
  const match = /^(\d{1,10})-(\d{1,12})-([0-9a-f]{64})$/.exec(options.token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expiry = Number(match[2]);
  if (expiry * 1000 <= options.now.getTime()) return null;
  const expected = hmacHex(keyOf(env), payloadOf(options.subjectId, options.version, userId, expiry));
  return signaturesMatch(expected, match[3]!) ? userId : null;
}
