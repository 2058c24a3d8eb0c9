import type { QueryClient } from '@tanstack/react-query';
import type { AuthData, MeData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth/get-me';
import { saveSession, saveToken } from '@/lib/token-storage';

/**
 * After login or registration (docs/product/app-shell.md#token-storage): store the encrypted token, name and photo,
 * forget anything cached for a previous learner, and load the new learner's profile.
 */
export async function startSession(queryClient: QueryClient, data: AuthData): Promise<void> {
  await saveSession(data);
  queryClient.clear();
  await queryClient.prefetchQuery(meQueryOptions());
}

/**
 * Verify-account links carry a token (docs/product/onboarding.md#verify-account): store it encrypted, then load the
 * learner (GET /me also stores the name and photo). Throws when the token is refused.
 */
export async function startSessionFromToken(queryClient: QueryClient, token: string): Promise<void> {
  await saveToken(token);
  queryClient.clear();
  await queryClient.fetchQuery(meQueryOptions());
}

/**
 * Who a sign-in link's token belongs to (GET /me signed with it), before anything is stored: the learner confirms
 * before the link replaces their session. Throws when the token is refused, leaving the stored session as it was.
 */
export async function readTokenOwner(token: string): Promise<MeData> {
  const { data } = await api.get<MeData>('/me', { token });
  return data;
}
