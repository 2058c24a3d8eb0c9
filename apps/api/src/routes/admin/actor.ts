import { sessionOf } from '../../plugins/auth.ts';

/** The operator making the request (routes under /admin are admin-only). */
export function actorOf(request: { session: Parameters<typeof sessionOf>[0]['session'] }): number {
  return sessionOf(request).user.id;
}
