import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { categoriesQueryKey } from './get-categories';
import { coursesQueryKey } from './get-courses';

/** DELETE /admin/courses/{id}: refused (400) once the course has been bought. */
export const deleteCourse = (id: number) => api.delete<null>(`/admin/courses/${id}`);

export const useDeleteCourse = () => useInvalidatingMutation(deleteCourse, [coursesQueryKey, categoriesQueryKey]);
