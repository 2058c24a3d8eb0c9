import { text } from 'node:stream/consumers';
import type { Storage } from '../../lib/storage.ts';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPE = 'video/mp2t';

export const hlsContentType = (key: string) => (key.endsWith('.m3u8') ? PLAYLIST_TYPE : SEGMENT_TYPE);

/** The files a run writes, relative to its folder: the master, and each rendition's playlist and segments. */
export const HLS_FILE = /^(?:master\.m3u8|\d{2,4}p\/(?:index\.m3u8|seg_\d{3,6}\.ts))$/;

/** A storage that can hand out short-lived signed links (S3); file storage answers null or lacks it. */
type SigningStorage = Storage & {
  signedGetUrl?: (
    key: string,
    options?: { contentType?: string; expiresInSeconds?: number },
  ) => Promise<string | null> | string | null;
};

/**
 * How long a rendition's segment links work. A player reads the playlist once and fetches segments
 * for as long as the learner watches (pauses included), so the links must outlive a long lecture;
 * the playlist itself is behind the API's access check and short-lived link.
 */
export const SEGMENT_LINK_SECONDS = 6 * 3600;

/**
 * A playlist with its segment links made absolute and signed by the storage, so the bytes come
 * from the store (or a CDN before it) and never through the API. Without signed links (file
 * storage) the relative links stay: they resolve under the API's signed path. Variant playlists
 * in the master stay relative: the API serves (and rewrites) them too.
 */
export async function rewritePlaylist(
  storage: Storage,
  options: { playlistKey: string; body: string },
): Promise<string> {
  const { signedGetUrl } = storage as SigningStorage;
  if (!signedGetUrl) return options.body;
  const folder = options.playlistKey.slice(0, options.playlistKey.lastIndexOf('/') + 1);
  const lines = options.body.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const uri = line.trim();
    if (uri && !uri.startsWith('#') && !uri.endsWith('.m3u8') && !/^[a-z]+:/i.test(uri)) {
      const signed = await signedGetUrl.call(storage, folder + uri, {
        contentType: SEGMENT_TYPE,
        expiresInSeconds: SEGMENT_LINK_SECONDS,
      });
      out.push(signed ?? line);
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/**
 * Deletes one run's files: every playlist and segment the master lists (storage has no listing
 * that works the same on every backend, and the playlists name every file). Best effort: a file
 * left behind only wastes space.
 */
export async function deleteHlsOutput(storage: Storage, masterKey: string): Promise<void> {
  const folder = masterKey.slice(0, masterKey.lastIndexOf('/') + 1);
  const uris = async (key: string) => {
    const file = await storage.get(key).catch(() => null);
    if (!file) return [];
    return (await text(file.stream))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  };
  const keys = [masterKey];
  for (const variant of await uris(masterKey)) {
    if (!HLS_FILE.test(variant)) continue;
    const variantKey = folder + variant;
    const variantFolder = variantKey.slice(0, variantKey.lastIndexOf('/') + 1);
    keys.push(
      variantKey,
      ...(await uris(variantKey))
        .filter((segment) => /^seg_\d{3,6}\.ts$/.test(segment))
        .map((segment) => variantFolder + segment),
    );
  }
  // The master first: from then on no player can start on this run.
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}
