import { formatIndiaDateTime } from '@app/contracts';

/** An ISO 8601 instant in India time, marked IST as the learners' screens show it; '—' for none. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatIndiaDateTime(iso) : '—');

/** The value of a datetime-local input (local time, minutes) for an ISO instant; '' for none. */
export function toDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
