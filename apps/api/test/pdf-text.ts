import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What a PDF says and which fonts it embeds, read by Poppler (`pdftotext`, `pdffonts`, Debian's
 * poppler-utils, which .ci/run installs): the certificate embeds fonts whose glyph ids are not its
 * text, so only a real reader gets the text back (Poppler follows the Indic spans' ActualText).
 */
export function assertPopplerInstalled(): void {
  for (const tool of ['pdftotext', 'pdffonts', 'pdfinfo']) {
    try {
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is missing: apt-get install poppler-utils (as .ci/run does)`);
    }
  }
}

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF's pages, NFC, one trimmed non-empty line each. */
export function pdfTextLines(pdf: Buffer): string[] {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }))
    .normalize('NFC')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The PDF's fonts, from pdffonts' table (columns as wide as the dashes under the header), subset tags removed. */
export function pdfFonts(pdf: Buffer): { name: string; type: string; embedded: boolean }[] {
  const [, dashes, ...rows] = withFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' })).split(
    '\n',
  );
  const columns = [...(dashes ?? '').matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
  return rows.filter(Boolean).map((row) => {
    const [name = '', type = '', , emb] = columns.map(([start, end]) => row.slice(start, end).trim());
    return { name: name.replace(/^[A-Z]{6}\+/, ''), type, embedded: emb === 'yes' };
  });
}

/** The PDF's document properties (Title, Author, Subject…) as Poppler's `pdfinfo` reads them, in UTF-8. */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const output = withFile(pdf, (file) => execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' }));
  return Object.fromEntries(
    output
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .flatMap((match) => (match ? [[match[1]!, match[2]!] as const] : [])),
  );
}
