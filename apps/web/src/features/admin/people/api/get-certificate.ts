import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertificate } from '@app/contracts';
import { api } from '@/lib/api-client';

export const certificatesQueryKey = ['admin', 'certificates'] as const;

/** GET /admin/certificates/{id}: the certificate as issued, and its holder's account as it is now. */
export async function getCertificate(id: string): Promise<AdminCertificate> {
  const { data } = await api.get<AdminCertificate>(`/admin/certificates/${encodeURIComponent(id)}`);
  return data;
}

export const certificateQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...certificatesQueryKey, id], queryFn: () => getCertificate(id), staleTime: 0 });

/** Nothing is fetched until an id is given. */
export const useCertificate = (id: string) => useQuery({ ...certificateQueryOptions(id), enabled: id !== '' });
