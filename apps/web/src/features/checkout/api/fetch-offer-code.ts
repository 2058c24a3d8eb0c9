import { useMutation } from '@tanstack/react-query';
import type { OfferCodeData, OfferCodeTarget } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /fetch-code/{code}?for=course|batch: the code's rule (fixed or percent, minimum amount); 4xx when it
 * cannot be used, here (a batch's own code on a course, say).
 */
export async function fetchOfferCode({
  code,
  target,
}: {
  code: string;
  target: OfferCodeTarget;
}): Promise<OfferCodeData> {
  const { data } = await api.get<OfferCodeData>(`/fetch-code/${encodeURIComponent(code)}?for=${target}`);
  return data;
}

/** A mutation, not a query: it runs when the learner presses Apply, and its failures are not cached. */
export const useFetchOfferCode = () => useMutation({ mutationFn: fetchOfferCode });
