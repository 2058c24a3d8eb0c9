import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export interface AuditFilter {
  page: number;
  /** A user id. */
  actor?: string;
  entity?: string;
  /** One row of the entity. */
  entity_id?: string;
  action?: string;
  /** ISO 8601; `to` is exclusive. */
  from?: string;
  to?: string;
}

/** GET /admin/audit: every admin action, newest first. */
export async function getAudit(filter: AuditFilter): Promise<Page<AuditEntry>> {
  const { data } = await api.get<Page<AuditEntry>>(`/admin/audit${queryString({ ...filter })}`);
  return data;
}

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: () => getAudit(filter),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filter: AuditFilter) => useQuery(auditQueryOptions(filter));
