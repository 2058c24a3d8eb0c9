import type { AdminCourse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { coursesQueryKey } from './get-courses';

/** POST /admin/courses/{id}/image (multipart `file`: PNG, GIF or JPEG, at most 2 MB). */
export const uploadCourseImage = ({ id, file }: { id: number; file: File }) =>
  api.post<AdminCourse>(`/admin/courses/${id}/image`, toFormData({}, file));

export const useUploadCourseImage = () => useInvalidatingMutation(uploadCourseImage, [coursesQueryKey]);
