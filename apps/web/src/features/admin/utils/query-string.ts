export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `?a=1&b=x` from the params that have a value ('' and null mean "not filtered"); '' when none. */
export function queryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
