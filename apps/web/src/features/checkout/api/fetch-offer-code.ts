import { useMutation } from '@tanstack/react-query';
import type { OfferCodeData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /fetch-code/{code}: the code's rule (fixed or percent, minimum amount); 4xx when it cannot be used. */
export async function fetchOfferCode(code: string): Promise<OfferCodeData> {
  const { data } = await api.get<OfferCodeData>(`/fetch-code/${encodeURIComponent(code)}`);
  return data;
}

/** A mutation, not a query: it runs when the learner presses Apply, and its failures are not cached. */
export const useFetchOfferCode = () => useMutation({ mutationFn: fetchOfferCode });
