import type { QueryClient } from '@tanstack/react-query';
import { myBatchQueryOptions, useMyBatch } from '@/features/checkout/api/get-my-batch';
import { BatchFeeCard } from '@/features/checkout/components/batch-fee-card';
import { categoriesQueryOptions } from '@/features/catalogue/api/get-categories';
import { coursesQueryOptions } from '@/features/catalogue/api/get-courses';
import { CoursesPage } from '@/features/catalogue/components/courses-page';
import { learnQueryOptions } from '@/features/learning/api/get-learn';
import { useOwnedCourseIds } from './owned-courses';

/** The catalogue, its categories, the learner's courses and batch start loading with the page's chunk, alongside GET /me. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(coursesQueryOptions());
  void queryClient.prefetchQuery(myBatchQueryOptions());
  void queryClient.prefetchQuery(learnQueryOptions());
}

/**
 * The school subjects open through the learner's batch: while its fee is unpaid, the section offers it.
 * Courses the learner owns 'Open' instead of 'Buy Now'.
 */
export default function Route() {
  const batch = useMyBatch().data;
  return (
    <CoursesPage
      schoolBatch={batch}
      ownedCourseIds={useOwnedCourseIds()}
      schoolNotice={batch && !batch.is_open && <BatchFeeCard batch={batch} titleAs="h3" isAboveSubjects />}
    />
  );
}
