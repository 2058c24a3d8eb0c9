import type { QueryClient } from '@tanstack/react-query';
import { purchasesQueryOptions } from '@/features/purchases/api/get-purchases';
import { PurchasesPage } from '@/features/purchases/components/purchases-page';

/** The list starts loading with the page's chunk. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(purchasesQueryOptions());
}

export default function PurchasesRoute() {
  return <PurchasesPage />;
}
