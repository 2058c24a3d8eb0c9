import { useMemo } from 'react';
import { useLearn } from '@/features/learning/api/get-learn';

/**
 * The ids of the courses the learner already has, catalogue and school alike, from GET /learn (the
 * My Courses query, shared through the cache): the Courses, course and checkout pages 'Open' them
 * instead of selling them again. Undefined while it loads or when it failed.
 */
export function useOwnedCourseIds(): ReadonlySet<number> | undefined {
  const learn = useLearn().data;
  return useMemo(() => learn && new Set([...learn.course, ...learn.school].map((course) => course.id)), [learn]);
}
