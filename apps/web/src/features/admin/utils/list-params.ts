import { useSearchParams } from 'react-router';

/**
 * A list's page and filters, kept in the URL so a reload or a shared link shows the same rows.
 * Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const filters = Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Record<K, string>;

  const setPage = (next: number) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      params.set('page', String(next));
      return params;
    });
  const setFilters = (next: Partial<Record<K, string>>) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
        if (value) params.set(key, value);
        else params.delete(key);
      }
      params.delete('page');
      return params;
    });
  return { page, filters, setPage, setFilters };
}
