import { DAY_MS, dayStart, type ReportQuery } from '@app/contracts';

/** A report's period: from midnight India time at the start of `from` to midnight after `to` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

export function periodOf(query: ReportQuery): Period {
  const day = (value: string) => Date.parse(`${value}T00:00:00Z`) / DAY_MS;
  return { start: dayStart(day(query.from)), end: dayStart(day(query.to) + 1) };
}
