/**
 * Chapters saved for offline study: their details and their bytes, on this device only. The app
 * uses IndexedDB (Blobs, no size limit of its own, available in every browser the app supports);
 * tests use the in-memory store (memory-store.ts), since jsdom has no IndexedDB.
 */
export interface OfflineChapter {
  subjectId: number;
  name: string;
  courseId: number;
  courseName: string;
  fileType: 'pdf' | 'video';
  /** Bytes stored. */
  size: number;
  /** ISO time. */
  savedAt: string;
  /**
   * The referral code of the learner who saved it (learner-chapters.ts, decision 058): listed, opened and removed for
   * them alone. Absent on chapters saved before; those go at the next GET /me.
   */
  learner?: string;
}

/** A PDF, or a video's lowest rendition: its playlist (segment i written as `segment:i`) and segments. */
export type OfflineFiles = { kind: 'pdf'; pdf: Blob } | { kind: 'video'; playlist: string; segments: Blob[] };

export interface DownloadStore {
  list(): Promise<OfflineChapter[]>;
  files(subjectId: number): Promise<OfflineFiles | null>;
  save(chapter: OfflineChapter, files: OfflineFiles): Promise<void>;
  remove(subjectId: number): Promise<void>;
}

const DB_NAME = 'live-connect-offline';
const CHAPTERS = 'chapters';
const FILES = 'files';

/** The request's result, as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

/** Resolves when the transaction has committed (a write is only safe then). */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
  });
}

function openDatabase(onClosed: () => void): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    // Details and bytes apart: listing the downloads never reads the files.
    request.result.createObjectStore(CHAPTERS, { keyPath: 'subjectId' });
    request.result.createObjectStore(FILES);
  };
  return done(request).then((db) => {
    // Let a deletion (logout) or a newer version of this code proceed instead of waiting for this page.
    db.onversionchange = () => {
      db.close();
      onClosed();
    };
    return db;
  });
}

/**
 * Deletes every saved chapter on this device, at logout: the next person to sign in on a shared
 * phone must not open the last one's courses. Resolves even if the browser refuses.
 */
export function forgetDownloads(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** A browser without IndexedDB (and jsdom) has nothing saved: listing and reading find nothing; saving fails. */
const noIndexedDb = () => typeof indexedDB === 'undefined';

export function createIndexedDbStore(): DownloadStore {
  let database: Promise<IDBDatabase> | null = null;
  const db = () =>
    (database ??= openDatabase(() => {
      database = null;
    }));
  return {
    async list() {
      if (noIndexedDb()) return [];
      return done((await db()).transaction(CHAPTERS).objectStore(CHAPTERS).getAll() as IDBRequest<OfflineChapter[]>);
    },
    async files(subjectId) {
      if (noIndexedDb()) return null;
      const found = await done(
        (await db()).transaction(FILES).objectStore(FILES).get(subjectId) as IDBRequest<OfflineFiles | undefined>,
      );
      return found ?? null;
    },
    async save(chapter, files) {
      const transaction = (await db()).transaction([CHAPTERS, FILES], 'readwrite');
      transaction.objectStore(FILES).put(files, chapter.subjectId);
      transaction.objectStore(CHAPTERS).put(chapter);
      await committed(transaction);
    },
    async remove(subjectId) {
      if (noIndexedDb()) return;
      const transaction = (await db()).transaction([CHAPTERS, FILES], 'readwrite');
      transaction.objectStore(FILES).delete(subjectId);
      transaction.objectStore(CHAPTERS).delete(subjectId);
      await committed(transaction);
    },
  };
}
