import type { z } from 'zod';
import type { AdminSubject, subjectCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { subjectsQueryKey } from './get-subjects';

export type SubjectInput = z.output<typeof subjectCreateBody>;

/**
 * POST /admin/terms/{id}/subjects: a PDF or MP4 chapter goes as multipart with the file in `file`;
 * a YouTube or external link chapter as JSON with its `url`.
 */
export const createSubject = ({ termId, body, file }: { termId: number; body: SubjectInput; file: File | null }) =>
  api.post<AdminSubject>(`/admin/terms/${termId}/subjects`, file ? toFormData(body, file) : body);

export const useCreateSubject = (termId: number) =>
  useInvalidatingMutation(createSubject, [subjectsQueryKey(termId), ['admin', 'terms']]);
