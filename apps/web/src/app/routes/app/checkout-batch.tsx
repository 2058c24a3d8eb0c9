import type { QueryClient } from '@tanstack/react-query';
import { myBatchQueryOptions } from '@/features/checkout/api/get-my-batch';
import { BatchCheckoutPage } from '@/features/checkout/components/batch-checkout-page';
import { ConsentNeeded } from '@/features/consent/components/consent-needed';

export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(myBatchQueryOptions());
}

export default function Route() {
  return <BatchCheckoutPage ConsentGate={ConsentNeeded} />;
}
