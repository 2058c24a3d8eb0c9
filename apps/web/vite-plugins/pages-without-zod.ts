import type { Plugin, Rolldown } from 'vite';

/** The app's entries: every page loads their chunks first. */
const ENTRIES = /(?:src[\\/]main\.tsx|src[\\/]boot\.ts|index\.html)$/;
/**
 * Pages whose first load has no form to validate: /login (its checks are written by hand), and the learner's
 * dashboard, courses, learn and wallet (the wallet's and checkout's consent forms and modals are their own chunks).
 */
const PAGES = ['auth/login', 'app/dashboard', 'app/courses', 'app/learn', 'app/wallet'];
const ZOD = /node_modules[\\/]zod[\\/]/;

/** Whether a chunk is the one of routes/<page>.tsx. */
const isPageChunk = (chunk: Rolldown.OutputChunk, page: string) =>
  chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/app/routes/${page}.tsx`) ?? false;

/**
 * Decision 018: Zod (with react-hook-form, about 40 KB of gzipped JavaScript) never loads first on these pages. A
 * grouping or import that brings it into the chunks one of them loads first (those of the entries and of the page,
 * with their static imports) fails the build, naming the page and the chunk; it once went unseen on /login (27 KB on
 * every first visit), and the wallet carried it for the consent forms that most learners never see. (Checked once
 * the files are written: a failure while generating them is reported as the pre-render's missing index.html instead.)
 */
export function pagesWithoutZod(): Plugin {
  return {
    name: 'live-connect:pages-without-zod',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entries = chunks.filter((chunk) => chunk.facadeModuleId && ENTRIES.test(chunk.facadeModuleId));
      for (const page of PAGES) {
        const pageChunk = chunks.find((chunk) => isPageChunk(chunk, page));
        if (!pageChunk) this.error(`The build has no chunk for routes/${page}.tsx to check.`);
        const seen = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          if (chunk.moduleIds.some((id) => ZOD.test(id)))
            this.error(
              `${chunk.fileName} holds Zod and routes/${page}.tsx loads it first (decision 018): keep Zod out of it.`,
            );
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        [...entries, pageChunk].forEach(visit);
      }
    },
  };
}
