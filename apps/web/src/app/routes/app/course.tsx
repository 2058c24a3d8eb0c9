import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { myBatchQueryOptions, useMyBatch } from '@/features/checkout/api/get-my-batch';
import { CoursePage } from '@/features/catalogue/components/course-page';
import { learnQueryOptions } from '@/features/learning/api/get-learn';
import { useOwnedCourseIds } from './owned-courses';

/** What the learner owns and their batch start loading with the page's chunk. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(learnQueryOptions());
  void queryClient.prefetchQuery(myBatchQueryOptions());
}

/** A course before purchase; 'Open' instead of 'Buy Now' once the learner owns it. */
export default function Route() {
  const courseId = Number(useParams().id);
  return <CoursePage courseId={courseId} ownedCourseIds={useOwnedCourseIds()} schoolBatch={useMyBatch().data} />;
}
