import { createContext, use } from 'react';
import { createIndexedDbStore, type DownloadStore } from './store';

/**
 * The store the offline features use: IndexedDB in the app, an in-memory one in tests. Apart from downloads.ts so the
 * signed-in shell (forget-lost-courses.ts) reaches it without the download code.
 */
export const DownloadStoreContext = createContext<DownloadStore>(createIndexedDbStore());
export const useDownloadStore = () => use(DownloadStoreContext);

export const downloadsQueryKey = ['offline-downloads'] as const;
