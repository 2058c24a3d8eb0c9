/**
 * A stored file path as the browser loads it: absolute URLs and root paths as they are,
 * storage keys (e.g. `profile-photos/7.png`) under the API's /media route.
 */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `/media/${path}`;
}
