/** Index range of `text` between `start` and `end` without the spaces and tabs at either end. */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start += 1;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end -= 1;
  return text.slice(start, end);
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * One cookie of a Cookie header, read exactly as the `cookie` package (behind @fastify/cookie)
 * parses the header (`name=value` pairs split on `;`, trimmed, the first of a name wins, values
 * %-decoded when they can be), without building the map of every cookie the browser sent.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length < 2 || !header.includes(name)) return undefined;
  const length = header.length;
  let index = 0;
  do {
    const equals = header.indexOf('=', index);
    if (equals === -1) break;
    const semicolon = header.indexOf(';', index);
    const end = semicolon === -1 ? length : semicolon;
    if (equals > end) {
      // A pair without '=': start again after the last ';' before this '='.
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    if (trimmed(header, index, equals) === name) return decode(trimmed(header, equals + 1, end));
    index = end + 1;
  } while (index < length);
  return undefined;
}
