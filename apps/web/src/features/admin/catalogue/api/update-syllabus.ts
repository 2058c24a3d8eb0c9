import type { AdminSyllabus } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { SyllabusInput } from './create-syllabus';
import { schoolQueryKey } from '../../api/school-query-key';

/** PUT /admin/syllabuses/{id} */
export const updateSyllabus = ({ id, body }: { id: number; body: SyllabusInput }) =>
  api.put<AdminSyllabus>(`/admin/syllabuses/${id}`, body);

export const useUpdateSyllabus = () => useInvalidatingMutation(updateSyllabus, [schoolQueryKey]);
