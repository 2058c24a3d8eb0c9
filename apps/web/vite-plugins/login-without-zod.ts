import type { Plugin, Rolldown } from 'vite';

/** The modules whose chunks /login loads first: the app's entries and the login page. */
const FIRST_ON_LOGIN =
  /(?:src[\\/]main\.tsx|src[\\/]boot\.ts|index\.html|src[\\/]app[\\/]routes[\\/]auth[\\/]login\.tsx)$/;
const ZOD = /node_modules[\\/]zod[\\/]/;

/**
 * Decision 018: Zod never loads on /login. A grouping or import that brings it into the chunks the login page
 * loads first (those of the entries and of the login page, with their static imports) fails the build, naming the
 * chunk; it once went unseen and added 27 KB of gzipped JavaScript to every first visit. (Checked once the files
 * are written: a failure while generating them is reported as the pre-render's missing index.html instead.)
 */
export function loginWithoutZod(): Plugin {
  return {
    name: 'live-connect:login-without-zod',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const visit = (chunk: Rolldown.OutputChunk) => {
        if (seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        if (chunk.moduleIds.some((id) => ZOD.test(id)))
          this.error(`${chunk.fileName} holds Zod and /login loads it first (decision 018): keep Zod out of it.`);
        chunk.imports.forEach((file) => {
          const imported = byFile.get(file);
          if (imported) visit(imported);
        });
      };
      const roots = chunks.filter((chunk) => chunk.facadeModuleId && FIRST_ON_LOGIN.test(chunk.facadeModuleId));
      if (!roots.some((chunk) => chunk.facadeModuleId?.endsWith('login.tsx')))
        this.error('The build has no chunk for routes/auth/login.tsx to check.');
      roots.forEach(visit);
    },
  };
}
