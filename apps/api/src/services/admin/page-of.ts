import { lastPage, type Page } from '@app/contracts';

/** A page of already-fetched rows with the list's total. */
export function pageOf<T>(data: T[], total: number, options: { page: number; perPage: number }): Page<T> {
  return {
    data,
    current_page: options.page,
    per_page: options.perPage,
    total,
    last_page: lastPage(total, options.perPage),
  };
}

/** `%q%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
