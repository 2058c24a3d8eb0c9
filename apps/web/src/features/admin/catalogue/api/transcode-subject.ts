import type { VideoState } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { subjectsQueryKey } from './get-subjects';

/** POST /admin/subjects/{id}/transcode: 'Transcode again' (audited). */
export const transcodeSubject = (id: number) => api.post<VideoState>(`/admin/subjects/${id}/transcode`, {});

export const useTranscodeSubject = (termId: number) =>
  useInvalidatingMutation(transcodeSubject, [subjectsQueryKey(termId)]);
