import type { QueryClient } from '@tanstack/react-query';
import type { AuthData } from '@app/contracts';
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
