import type { ParseKeys } from 'i18next';
import { languages } from '@app/contracts';
import { ApiError } from './api-client';
import { i18next } from './i18n';

/**
 * Whether an error is the server's answer with one particular message (a key of the `messages` catalogue, e.g.
 * 'common.emailAlreadyVerified'), in whichever language the request was answered in: where the status alone does not
 * say which of several answers it is.
 */
export function isServerMessage(error: unknown, key: ParseKeys<'messages'>, status?: number): boolean {
  return (
    error instanceof ApiError &&
    (status === undefined || error.status === status) &&
    languages.some((lng) => i18next.t(key, { ns: 'messages', lng }) === error.message)
  );
}
