/**
 * Replaces one bench section of docs/benchmarks.md, the text between `<!-- bench:<name>:start -->` and
 * `<!-- bench:<name>:end -->`, so each bench script refreshes its own figures and leaves the others alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const benchmarksFile = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

export async function writeBenchSection(name: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const document = await readFile(benchmarksFile, 'utf8');
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  // A missing marker is a broken document, not a reason to append a second copy somewhere.
  if (from === -1 || to < from) throw new Error(`docs/benchmarks.md has no ${start} … ${end} section`);
  const updated = `${document.slice(0, from + start.length)}\n${markdown.trim()}\n${document.slice(to)}`;
  await writeFile(benchmarksFile, updated);
}
