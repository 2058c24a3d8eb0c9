import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCertificate, ReissueCertificateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { certificatesQueryKey } from './get-certificate';

/** POST /admin/certificates/{id}/reissue: the same certificate under a corrected holder name (audited). */
export const reissueCertificate = ({ id, body }: { id: string; body: ReissueCertificateBody }) =>
  api.post<AdminCertificate>(`/admin/certificates/${encodeURIComponent(id)}/reissue`, body);

export function useReissueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reissueCertificate,
    onSuccess: ({ data }, { id }) => {
      queryClient.setQueryData<AdminCertificate>([...certificatesQueryKey, id], data);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
