import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /certificates/{id}: public; 404 for an unknown id. */
export async function getCertificate(certificateId: string): Promise<CertificateData> {
  const { data } = await api.get<CertificateData>(`/certificates/${encodeURIComponent(certificateId)}`);
  return data;
}

export const certificateQueryOptions = (certificateId: string) =>
  queryOptions({
    queryKey: ['certificate', certificateId],
    queryFn: () => getCertificate(certificateId),
    staleTime: 0,
  });

export const useCertificate = (certificateId: string) => useQuery(certificateQueryOptions(certificateId));
