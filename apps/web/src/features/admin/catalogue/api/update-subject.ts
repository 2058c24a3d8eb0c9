import type { AdminSubject } from '@app/contracts';
import { api } from '@/lib/api-client';
import { toFormData } from '../../utils/form-data';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { SubjectInput } from './create-subject';
import { subjectsQueryKey } from './get-subjects';

/** PUT /admin/subjects/{id}: multipart when a new file replaces the old one, else JSON. */
export const updateSubject = ({ id, body, file }: { id: number; body: Partial<SubjectInput>; file: File | null }) =>
  api.put<AdminSubject>(`/admin/subjects/${id}`, file ? toFormData(body, file) : body);

export const useUpdateSubject = (termId: number) => useInvalidatingMutation(updateSubject, [subjectsQueryKey(termId)]);
