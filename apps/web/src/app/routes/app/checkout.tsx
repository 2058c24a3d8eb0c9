import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { ConsentNeeded } from '@/features/consent/components/consent-needed';
import { learnQueryOptions } from '@/features/learning/api/get-learn';
import { useOwnedCourseIds } from './owned-courses';

/** What the learner owns starts loading with the page's chunk. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(learnQueryOptions());
}

/** A course the learner already owns is not sold again: the page says so and offers 'Open'. */
export default function Route() {
  const courseId = Number(useParams().course);
  const isOwned = useOwnedCourseIds()?.has(courseId) ?? false;
  return <CheckoutPage isOwned={isOwned} ConsentGate={ConsentNeeded} />;
}
