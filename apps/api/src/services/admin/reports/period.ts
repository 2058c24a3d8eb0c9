import { dayOfIso, dayStart, type ReportQuery } from '@app/contracts';

/** A report's period: from midnight India time at the start of `from` to midnight after `to` (excluded). */
export interface Period {
  start: Date;
  end: Date;
}

export function periodOf(query: ReportQuery): Period {
  return { start: dayStart(dayOfIso(query.from)), end: dayStart(dayOfIso(query.to) + 1) };
}
