import type { DownloadStore, OfflineChapter, OfflineFiles } from './store';

/** A DownloadStore in memory: for tests (jsdom has no IndexedDB). */
export function createMemoryStore(): DownloadStore {
  const chapters = new Map<number, OfflineChapter>();
  const files = new Map<number, OfflineFiles>();
  return {
    list: async () => [...chapters.values()],
    files: async (subjectId) => files.get(subjectId) ?? null,
    save: async (chapter, stored) => {
      chapters.set(chapter.subjectId, chapter);
      files.set(chapter.subjectId, stored);
    },
    remove: async (subjectId) => {
      chapters.delete(subjectId);
      files.delete(subjectId);
    },
  };
}
