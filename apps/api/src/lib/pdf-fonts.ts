import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Font } from 'fontkit';

/**
 * Noto fonts for the PDFs the API draws with pdfkit (certificates; the GST invoice later), so that
 * English, Hindi and Malayalam text prints: Noto Sans for Latin, Noto Sans Devanagari, Noto Sans
 * Malayalam. The files are Fontsource's WOFF subsets from node_modules (no network, no install
 * script), unpacked to TrueType once per process; fontkit, inside pdfkit, shapes the Indic conjuncts
 * and pdfkit embeds only the glyphs used.
 *
 * A line of text is cut into runs by script (Devanagari, Malayalam, the rest): each character goes
 * to the first face of its script that has it (Fontsource splits Noto Sans into latin and
 * latin-ext files), and a character no face has is drawn as '?', never as an empty box or a
 * blank. Neighbouring characters of one face make one run. Indic runs are wrapped in a marked
 * span whose ActualText is the run's text, so that copying or extracting gives the text back in
 * logical order (shaping reorders and merges glyphs: the i-matra before its consonant, the reph).
 */

export type Script = 'latin' | 'devanagari' | 'malayalam';
export type FontWeight = 'regular' | 'bold';

interface Face {
  /** The name registered in each document. */
  name: string;
  script: Script;
  pkg: string;
  file: string;
}

const WEIGHTS: Record<FontWeight, number> = { regular: 400, bold: 700 };

/** The faces of a weight, by script, in order of preference (Fontsource splits Latin into two files). */
function facesOf(weight: FontWeight): Face[] {
  const w = WEIGHTS[weight];
  return [
    {
      name: `noto-sans-latin-${w}`,
      script: 'latin',
      pkg: '@fontsource/noto-sans',
      file: `noto-sans-latin-${w}-normal.woff`,
    },
    {
      name: `noto-sans-latin-ext-${w}`,
      script: 'latin',
      pkg: '@fontsource/noto-sans',
      file: `noto-sans-latin-ext-${w}-normal.woff`,
    },
    {
      name: `noto-sans-devanagari-${w}`,
      script: 'devanagari',
      pkg: '@fontsource/noto-sans-devanagari',
      file: `noto-sans-devanagari-devanagari-${w}-normal.woff`,
    },
    {
      name: `noto-sans-malayalam-${w}`,
      script: 'malayalam',
      pkg: '@fontsource/noto-sans-malayalam',
      file: `noto-sans-malayalam-malayalam-${w}-normal.woff`,
    },
  ];
}

const FACES: Record<FontWeight, Face[]> = { regular: facesOf('regular'), bold: facesOf('bold') };

/** The script of a character: the two Indic blocks (with Devanagari Extended), and everything else. */
export function scriptOf(codePoint: number): Script {
  if ((codePoint >= 0x0900 && codePoint <= 0x097f) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff)) return 'devanagari';
  if (codePoint >= 0x0d00 && codePoint <= 0x0d7f) return 'malayalam';
  return 'latin';
}

/** ZWNJ and ZWJ choose how Indic letters join: they belong to the run they stand in. */
const isJoiner = (codePoint: number) => codePoint === 0x200c || codePoint === 0x200d;

/**
 * The fonts, read and parsed once per process on first use. Each document is handed these parsed
 * fonts (pdfkit takes a fontkit font as well as bytes), so every shaping goes through the fontkit
 * patched below, whichever copy of fontkit pdfkit itself loads.
 */
const loaded = new Map<string, Font>();
const requireHere = createRequire(import.meta.url);

/** fontkit, once createPdfDocument has loaded it. */
let fontkit: typeof import('fontkit') | undefined;

function load(face: Face): Font {
  let font = loaded.get(face.name);
  if (!font) {
    if (!fontkit) throw new Error('pdf-fonts: draw only in a document from createPdfDocument');
    // Fontsource packages export only their CSS: the font files sit in files/ beside index.css.
    const bytes = readFileSync(path.join(path.dirname(requireHere.resolve(face.pkg)), 'files', face.file));
    font = fontkit.create(woffToSfnt(bytes)) as Font;
    allowNullAnchors(font);
    loaded.set(face.name, font);
  }
  return font;
}

/**
 * The TrueType font inside a WOFF file. fontkit reads WOFF too, but inflates a whole table at each
 * read of a glyph from it, which made a certificate about three times slower to draw.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * (numTables - 2 ** entrySelector), 10);
  const tables: Buffer[] = [header];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + 20 * i;
    const [at, compressed, length] = [
      woff.readUInt32BE(entry + 4),
      woff.readUInt32BE(entry + 8),
      woff.readUInt32BE(entry + 12),
    ];
    const stored = woff.subarray(at, at + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    woff.copy(header, 12 + 16 * i, entry, entry + 4); // tag
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), 12 + 16 * i + 4); // checksum
    header.writeUInt32BE(offset, 12 + 16 * i + 8);
    header.writeUInt32BE(length, 12 + 16 * i + 12);
    const padded = Buffer.alloc((length + 3) & ~3);
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(tables);
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void;
}
let anchorsPatched = false;

/**
 * fontkit 2.0.4 throws "Cannot read properties of null (reading 'xCoordinate')" on a GPOS mark
 * attachment whose anchor is NULL, which the OpenType spec allows and Noto Sans Malayalam has
 * (കൃ, for one): foliojs/fontkit#367, fix proposed in foliojs/fontkit#374. Until a release has it,
 * such a mark is left where it is, as HarfBuzz and that fix do. The patch is on fontkit's GPOS
 * processor class, reached through a font's layout engine, once.
 */
function allowNullAnchors(font: Font): void {
  if (anchorsPatched) return;
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } } })
    ._layoutEngine;
  const gpos = engine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as GposProcessor;
  const applyAnchor = proto.applyAnchor;
  proto.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor == null || markRecord.markAnchor == null) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  anchorsPatched = true;
}

const hasGlyph = (face: Face, codePoint: number) => load(face).hasGlyphForCodePoint(codePoint);

export interface TextRun {
  /** The registered face to draw it with. */
  font: string;
  script: Script;
  text: string;
}

/**
 * Cuts a line of text into runs, each drawable with one face. The text is NFC-normalised and its
 * control characters become spaces; a character no face of its script has becomes '?'.
 */
export function textRuns(text: string, weight: FontWeight = 'regular'): TextRun[] {
  const faces = FACES[weight];
  const fallback = faces[0]!;
  const runs: TextRun[] = [];
  // eslint-disable-next-line no-control-regex
  for (const ch of text.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')) {
    const codePoint = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (isJoiner(codePoint) && last) {
      // Kept in the run it stands in when that face has it, dropped (it is invisible) when not.
      if (
        hasGlyph(
          faces.find((f) => f.name === last.font)!,
          codePoint,
        )
      )
        last.text += ch;
      continue;
    }
    const script = scriptOf(codePoint);
    const face = faces.find((f) => f.script === script && hasGlyph(f, codePoint));
    const [char, drawnWith] = face ? [ch, face] : ['?', fallback];
    if (last?.font === drawnWith.name) last.text += char;
    else runs.push({ font: drawnWith.name, script: drawnWith.script, text: char });
  }
  return runs;
}

/** A document property (title, author…) as the PDF holds it: a Unicode string without control characters. */
function property(value: unknown): unknown {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' ? value.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ') : value;
}

/**
 * A new pdfkit document, its text properties (`info`) cleaned, and its bytes once `doc.end()` is called. pdfkit and
 * fontkit are loaded here, on the first PDF a process draws, not when the server starts: with qrcode (the
 * certificate's) they are about 0.2 s of a start's 2 CPU-s, and most processes never draw one.
 */
export async function createPdfDocument(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const [{ default: PDFDocument }, fontkitModule] = await Promise.all([import('pdfkit'), import('fontkit')]);
  fontkit = fontkitModule;
  const info = Object.fromEntries(Object.entries(options.info ?? {}).map(([name, value]) => [name, property(value)]));
  const doc = new PDFDocument({ ...options, info });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

const registered = new WeakSet<PDFKit.PDFDocument>();

/** Registers every face in the document, once per document (pdfkit embeds only the glyphs used). */
function registerFonts(doc: PDFKit.PDFDocument): void {
  if (registered.has(doc)) return;
  // A fontkit font where pdfkit's types say bytes: pdfkit takes any object with a layout method.
  for (const face of [...FACES.regular, ...FACES.bold]) doc.registerFont(face.name, load(face) as unknown as Buffer);
  registered.add(doc);
}

/**
 * Draws with `draw` inside a marked span whose ActualText is `actual`: copying or extracting the
 * shaped glyphs then gives the text as typed. The span is ended within the q … Q that pdfkit puts
 * around the text it draws (in that text's own closing restore): Poppler places a span's text with
 * the graphics state in force at its EMC, and after pdfkit's Q that is another matrix and no font,
 * which takes the words out of their line in pdftotext and in viewers built on Poppler.
 */
function withActualText(doc: PDFKit.PDFDocument, actual: string, draw: () => void): void {
  doc.markContent('Span', { actual });
  const restore = doc.restore;
  let ended = false;
  doc.restore = function (this: PDFKit.PDFDocument) {
    if (!ended) {
      ended = true;
      this.endMarkedContent();
    }
    return restore.call(this);
  };
  try {
    draw();
  } finally {
    doc.restore = restore;
    if (!ended) doc.endMarkedContent();
  }
}

export interface TextLineOptions {
  /** Left edge of the box the line is placed in, and its width. */
  x: number;
  width: number;
  /** The line's (alphabetic) baseline. */
  baseline: number;
  size: number;
  weight?: FontWeight;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Makes the line a link to this address. */
  link?: string;
}

/**
 * Draws one line of text in the Noto faces, shrunk to fit `width` if it is longer (never wrapped).
 * Returns the size it was drawn at.
 */
export function drawTextLine(doc: PDFKit.PDFDocument, text: string, options: TextLineOptions): number {
  registerFonts(doc);
  const runs = textRuns(text, options.weight);
  const widthAt = (size: number) => runsWidth(doc, runs, size);
  const natural = widthAt(options.size);
  const size = natural > options.width ? options.size * (options.width / natural) : options.size;
  const width = natural > options.width ? widthAt(size) : natural;
  let x =
    options.align === 'center'
      ? options.x + (options.width - width) / 2
      : options.align === 'right'
        ? options.x + options.width - width
        : options.x;
  const start = x;
  doc.fillColor(options.color ?? '#000000');
  for (const run of runs) {
    doc.font(run.font, size);
    const draw = () => doc.text(run.text, x, options.baseline, { lineBreak: false, baseline: 'alphabetic' });
    if (run.script === 'latin') draw();
    else withActualText(doc, run.text, draw);
    x += doc.widthOfString(run.text);
  }
  if (options.link) {
    const latin = load(FACES[options.weight ?? 'regular'][0]!);
    const ascent = (latin.ascent / latin.unitsPerEm) * size;
    const height = ((latin.ascent - latin.descent) / latin.unitsPerEm) * size;
    doc.link(start, options.baseline - ascent, width, height, options.link);
  }
  return size;
}

function runsWidth(doc: PDFKit.PDFDocument, runs: readonly TextRun[], size: number): number {
  return runs.reduce((sum, run) => sum + doc.font(run.font, size).widthOfString(run.text), 0);
}

/**
 * Breaks text at spaces into lines that fit `width` at `size`, for drawTextLine one by one: at most `maxLines`, the
 * last taking whatever is left (drawTextLine then shrinks it). For text a person wrote, such as an address.
 */
export function wrapTextLines(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { width: number; size: number; weight?: FontWeight; maxLines: number },
): string[] {
  registerFonts(doc);
  const fits = (line: string) => runsWidth(doc, textRuns(line, options.weight), options.size) <= options.width;
  const lines: string[] = [];
  let rest = text.split(/\s+/).filter(Boolean);
  while (rest.length > 0 && lines.length < options.maxLines - 1) {
    let count = 1;
    while (count < rest.length && fits(rest.slice(0, count + 1).join(' '))) count++;
    lines.push(rest.slice(0, count).join(' '));
    rest = rest.slice(count);
  }
  if (rest.length > 0) lines.push(rest.join(' '));
  return lines;
}
