import type { z } from 'zod';
import type { AdminSyllabus, syllabusBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

export type SyllabusInput = z.output<typeof syllabusBody>;

/** POST /admin/syllabuses */
export const createSyllabus = (body: SyllabusInput) => api.post<AdminSyllabus>('/admin/syllabuses', body);

export const useCreateSyllabus = () => useInvalidatingMutation(createSyllabus, [schoolQueryKey]);
