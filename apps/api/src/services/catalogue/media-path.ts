/** Where public files are served: GET /media/<storage key>. */
export const MEDIA_PREFIX = '/media/';

/**
 * A stored file as the API hands it out: a storage key becomes `/media/<key>`; http(s) URLs and
 * paths that already start at the site root pass through; empty means none.
 */
export function mediaPath(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v) || v.startsWith('/')) return v;
  return `${MEDIA_PREFIX}${v.split('/').map(encodeURIComponent).join('/')}`;
}
