import type { OfflineFiles } from './store';

/** Why a chapter could not be downloaded: the key of the text the learner sees (learning:save.errors). */
export type DownloadFailure = 'connection' | 'expired' | 'failed' | 'videoUnsupported';

/** Thrown when a file cannot be fetched; `reason` names what the learner sees, the message is its English. */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  readonly reason: DownloadFailure;

  constructor(message: string, reason: DownloadFailure) {
    super(message);
    this.reason = reason;
  }
}

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    // The signed link carries who may open it; the cookie-less fetch is enough.
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new DownloadError('Could not download the chapter. Check your connection and try again.', 'connection');
  }
  if (!response.ok) {
    throw response.status === 403
      ? new DownloadError('This link has expired. Open the chapter again and retry.', 'expired')
      : new DownloadError('Could not download the chapter. Please try again.', 'failed');
  }
  return response;
}

export async function fetchPdf(url: string, signal?: AbortSignal): Promise<OfflineFiles> {
  const blob = await (await get(url, signal)).blob();
  return { kind: 'pdf', pdf: blob.type ? blob : new Blob([blob], { type: 'application/pdf' }) };
}

const isUri = (line: string) => line.trim() !== '' && !line.startsWith('#');

/** The URI of the master playlist's lowest-bandwidth variant (the smallest download), or null. */
export function lowestVariant(master: string): string | null {
  const lines = master.split(/\r?\n/);
  let best: { bandwidth: number; uri: string } | null = null;
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
    const uri = lines
      .slice(index + 1)
      .find(isUri)
      ?.trim();
    if (uri && (!best || bandwidth < best.bandwidth)) best = { bandwidth, uri };
  }
  return best?.uri ?? null;
}

/** A media playlist's segment URIs, in order. */
export const segmentUris = (playlist: string): string[] =>
  playlist
    .split(/\r?\n/)
    .filter(isUri)
    .map((line) => line.trim());

/** The playlist with its segment URIs replaced by `segment:<index>`, for the stored copy (played by stored-loader.ts). */
export function withSegmentPlaceholders(playlist: string): string {
  let index = 0;
  return playlist
    .split(/\r?\n/)
    .map((line) => (isUri(line) ? `segment:${index++}` : line))
    .join('\n');
}

/**
 * A video chapter's lowest rendition (240p): the master playlist, its lowest-bandwidth variant and
 * every segment of it, fetched one after another (a phone's connection does not gain from more).
 */
export async function fetchLowestRendition(
  masterUrl: string,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<OfflineFiles> {
  const masterHref = new URL(masterUrl, window.location.href);
  const variant = lowestVariant(await (await get(masterHref.href, options.signal)).text());
  if (!variant) throw new DownloadError('This video cannot be saved for offline.', 'videoUnsupported');
  const variantHref = new URL(variant, masterHref);
  const playlist = await (await get(variantHref.href, options.signal)).text();
  const uris = segmentUris(playlist);
  const segments: Blob[] = [];
  for (const uri of uris) {
    options.onProgress?.(segments.length, uris.length);
    segments.push(await (await get(new URL(uri, variantHref).href, options.signal)).blob());
  }
  options.onProgress?.(segments.length, uris.length);
  return { kind: 'video', playlist: withSegmentPlaceholders(playlist), segments };
}

/** Bytes the stored files take. */
export const sizeOf = (files: OfflineFiles): number =>
  files.kind === 'pdf'
    ? files.pdf.size
    : files.playlist.length + files.segments.reduce((sum, blob) => sum + blob.size, 0);
