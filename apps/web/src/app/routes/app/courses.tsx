import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '@/features/courses/api/get-categories';
import { coursesQueryOptions } from '@/features/courses/api/get-courses';
import { CoursesPage } from '@/features/courses/components/courses-page';

/** The catalogue and its categories start loading with the page's chunk, alongside GET /me. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(categoriesQueryOptions());
  void queryClient.prefetchQuery(coursesQueryOptions());
}

export default function Route() {
  return <CoursesPage />;
}
