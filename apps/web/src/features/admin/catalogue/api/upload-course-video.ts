import type { AdminCourse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { coursesQueryKey } from './get-courses';

/** POST /admin/courses/{id}/video (multipart `file`: the demo video, MP4). */
export const uploadCourseVideo = ({ id, file }: { id: number; file: File }) =>
  api.post<AdminCourse>(`/admin/courses/${id}/video`, toFormData({}, file));

export const useUploadCourseVideo = () => useInvalidatingMutation(uploadCourseVideo, [coursesQueryKey]);
