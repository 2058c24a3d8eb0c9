import type { Loader, LoaderCallbacks, LoaderContext, LoaderStats } from 'hls.js';
import type { OfflineFiles } from './store';

/**
 * The URL the saved playlist is opened at. hls.js resolves the playlist's `segment:<index>` lines
 * (absolute URLs, scheme `segment:`) as they are, so the loader below gets `segment:0`, `segment:1`…
 */
export const STORED_PLAYLIST_URL = 'offline:playlist.m3u8';

type StoredVideo = Extract<OfflineFiles, { kind: 'video' }>;

const newStats = (): LoaderStats => ({
  aborted: false,
  loaded: 0,
  retry: 0,
  total: 0,
  chunkCount: 0,
  bwEstimate: 0,
  loading: { start: 0, first: 0, end: 0 },
  parsing: { start: 0, end: 0 },
  buffering: { start: 0, first: 0, end: 0 },
});

/** The stored file a URL names: the playlist text, or a segment's bytes (the requested range of them). */
async function read(files: StoredVideo, context: LoaderContext): Promise<string | ArrayBuffer | null> {
  if (context.url === STORED_PLAYLIST_URL) return files.playlist;
  const index = /^segment:(\d+)$/.exec(context.url)?.[1];
  const segment = index === undefined ? undefined : files.segments[Number(index)];
  if (!segment) return null;
  // As in hls.js's own loaders: a range only when rangeEnd is set (it passes 0 and 0 for a whole
  // segment); its end is exclusive, like Blob.slice's.
  const bytes = context.rangeEnd ? segment.slice(context.rangeStart ?? 0, context.rangeEnd) : segment;
  return bytes.arrayBuffer();
}

/**
 * An hls.js loader (its `loader` option) that answers the saved playlist and segments from the
 * stored files instead of the network. Object URLs would not do: hls.js fetches them with XHR,
 * which the app's CSP (`connect-src`, without `blob:`) rightly blocks.
 */
export function storedFilesLoader(files: StoredVideo): new () => Loader<LoaderContext> {
  return class StoredFileLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats = newStats();
    private callbacks: LoaderCallbacks<LoaderContext> | null = null;

    load(context: LoaderContext, _config: unknown, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context;
      this.callbacks = callbacks;
      const stats = (this.stats = newStats());
      stats.loading.start = performance.now();
      // Answered once, unless aborted (or destroyed) meanwhile: as hls.js's own loaders do.
      const isCurrent = () => this.callbacks === callbacks && this.stats === stats && !stats.aborted;
      read(files, context).then(
        (data) => {
          if (!isCurrent()) return;
          this.callbacks = null;
          if (data === null) {
            callbacks.onError({ code: 404, text: 'Not saved on this device.' }, context, null, stats);
            return;
          }
          stats.loading.first = stats.loading.end = performance.now();
          stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
          callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          this.callbacks = null;
          callbacks.onError(
            { code: 0, text: error instanceof Error ? error.message : 'Could not read the saved file.' },
            context,
            null,
            stats,
          );
        },
      );
    }

    abort(): void {
      const callbacks = this.callbacks;
      this.callbacks = null;
      if (!callbacks || !this.context) return;
      this.stats.aborted = true;
      callbacks.onAbort?.(this.stats, this.context, null);
    }

    destroy(): void {
      this.callbacks = null;
      this.stats.aborted = true;
      this.context = null;
    }
  };
}
