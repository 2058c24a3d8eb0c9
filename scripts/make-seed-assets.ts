/**
 * Makes the files the demo seed ships (packages/db/src/seed/assets): course images and the ad
 * banner (SVG rendered by sharp), chapter PDFs (pdfkit, DejaVu Sans embedded) and the chapter
 * video (ffmpeg, H.264 + yuv420p so every browser plays it). Run once at development time and
 * commit the output: `node scripts/make-seed-assets.ts`. Needs fonts-dejavu-core and
 * ffmpeg (Debian packages).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { BATCH_COURSES, CATALOGUE_COURSES } from '../packages/db/src/seed/content/catalogue.ts';
import { DEMO_VIDEO_ASSET, type SeedCourse } from '../packages/db/src/seed/content/types.ts';
import { AD_BANNER_ASSET, courseImageAsset } from '../packages/db/src/seed/assets.ts';
import { CHAPTER_NOTES } from './seed-notes.ts';

const outDir = fileURLToPath(new URL('../packages/db/src/seed/assets/', import.meta.url));
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const APP_NAME = 'Live Connect';

const palette: Record<string, [string, string]> = {
  Mathematics: ['#1d4ed8', '#60a5fa'],
  Science: ['#047857', '#34d399'],
  English: ['#b45309', '#fbbf24'],
  'Computer Science': ['#6d28d9', '#a78bfa'],
  'General Knowledge': ['#be123c', '#fb7185'],
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A simple drawing per category, in a 160 × 160 box. */
function emblem(category: string): string {
  const stroke = 'fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.9"';
  switch (category) {
    case 'Mathematics':
      return `<text x="80" y="120" font-size="130" font-family="DejaVu Sans" font-weight="bold" fill="#fff" text-anchor="middle">π</text>`;
    case 'Science':
      return `<circle cx="80" cy="80" r="12" fill="#fff"/>
        <ellipse cx="80" cy="80" rx="70" ry="26" ${stroke}/>
        <ellipse cx="80" cy="80" rx="70" ry="26" ${stroke} transform="rotate(60 80 80)"/>
        <ellipse cx="80" cy="80" rx="70" ry="26" ${stroke} transform="rotate(120 80 80)"/>`;
    case 'English':
      return `<text x="80" y="112" font-size="96" font-family="DejaVu Serif" font-weight="bold" fill="#fff" text-anchor="middle">Aa</text>`;
    case 'Computer Science':
      return `<text x="80" y="108" font-size="76" font-family="DejaVu Sans Mono" font-weight="bold" fill="#fff" text-anchor="middle">&lt;/&gt;</text>`;
    default:
      return `<circle cx="80" cy="80" r="66" ${stroke}/>
        <ellipse cx="80" cy="80" rx="28" ry="66" ${stroke}/>
        <line x1="14" y1="80" x2="146" y2="80" ${stroke}/>
        <path d="M24 48 H136 M24 112 H136" ${stroke}/>`;
  }
}

function courseSvg(course: SeedCourse): string {
  const [dark, light] = palette[course.category] ?? ['#334155', '#94a3b8'];
  const lines = wrap(course.name, 22).slice(0, 3);
  const title = lines
    .map(
      (line, i) =>
        `<text x="56" y="${250 + i * 54 - (lines.length - 1) * 27}" font-size="44" font-family="DejaVu Sans" font-weight="bold" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="800" height="450" fill="url(#g)"/>
    <circle cx="690" cy="90" r="190" fill="#fff" fill-opacity="0.08"/>
    <circle cx="740" cy="420" r="120" fill="#fff" fill-opacity="0.06"/>
    <g transform="translate(590 40)">${emblem(course.category)}</g>
    <text x="56" y="80" font-size="24" font-family="DejaVu Sans" fill="#fff" fill-opacity="0.85" letter-spacing="2">${escapeXml(course.category.toUpperCase())}</text>
    ${title}
    <text x="56" y="400" font-size="22" font-family="DejaVu Sans" fill="#fff" fill-opacity="0.85">${APP_NAME} · ${course.terms.length} terms · quizzes</text>
  </svg>`;
}

const adSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="1200" height="300" fill="url(#g)"/>
  <circle cx="1080" cy="60" r="200" fill="#fff" fill-opacity="0.07"/>
  <circle cx="980" cy="300" r="120" fill="#fff" fill-opacity="0.06"/>
  <text x="70" y="120" font-size="58" font-family="DejaVu Sans" font-weight="bold" fill="#fff">Learn. Share. Grow.</text>
  <text x="70" y="180" font-size="28" font-family="DejaVu Sans" fill="#fff" fill-opacity="0.9">Invite friends with your referral link,</text>
  <text x="70" y="222" font-size="28" font-family="DejaVu Sans" fill="#fff" fill-opacity="0.9">earn rewards and climb from Starter to Platinum.</text>
  <!-- Five rising bars: the levels, Starter to Platinum. Decorative, so nothing here looks clickable. -->
  <rect x="900" y="198" width="34" height="32" rx="6" fill="#fbbf24" fill-opacity="0.55"/>
  <rect x="948" y="166" width="34" height="64" rx="6" fill="#fbbf24" fill-opacity="0.65"/>
  <rect x="996" y="134" width="34" height="96" rx="6" fill="#fbbf24" fill-opacity="0.75"/>
  <rect x="1044" y="102" width="34" height="128" rx="6" fill="#fbbf24" fill-opacity="0.85"/>
  <rect x="1092" y="70" width="34" height="160" rx="6" fill="#fbbf24" fill-opacity="0.95"/>
</svg>`;

/** WebP: a third of the palette PNG's bytes, and every browser we serve reads it. */
async function writeImage(name: string, svg: string) {
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(`${outDir}${name}`);
}

function writePdf(notes: (typeof CHAPTER_NOTES)[number]): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: notes.title, Author: APP_NAME, Subject: notes.course },
    });
    const out = createWriteStream(`${outDir}${notes.asset}`);
    out.on('finish', resolve).on('error', reject);
    doc.pipe(out);
    doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
    notes.sections.forEach((section, index) => {
      if (index > 0) doc.addPage();
      doc.font('body').fontSize(10).fillColor('#64748b').text(`${APP_NAME} · ${notes.course}`);
      doc.moveDown(0.5).font('bold').fontSize(22).fillColor('#1e3a8a').text(notes.title);
      doc.moveDown(0.8).font('bold').fontSize(15).fillColor('#0f172a').text(section.heading);
      doc.moveDown(0.4);
      for (const paragraph of section.paragraphs)
        doc.font('body').fontSize(12).fillColor('#1f2937').text(paragraph, { lineGap: 3 }).moveDown(0.6);
      // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('body')
        .fontSize(9)
        .fillColor('#94a3b8')
        .text(`Page ${index + 1} of ${notes.sections.length}`, 56, 800, {
          align: 'center',
          width: 483,
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    });
    doc.end();
  });
}

function writeVideo() {
  const target = `${outDir}${DEMO_VIDEO_ASSET}`;
  const fontfile = FONT_BOLD.replace(/:/g, '\\:');
  const filter = [
    `drawtext=fontfile=${fontfile}:text='${APP_NAME}':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=120`,
    `drawtext=fontfile=${fontfile}:text='Chapter video':fontcolor=white@0.85:fontsize=26:x=(w-text_w)/2:y=185`,
    `drawtext=fontfile=${fontfile}:text='%{pts\\:hms}':fontcolor=white@0.7:fontsize=20:x=(w-text_w)/2:y=250`,
    `drawbox=x=0:y=330:w=iw:h=30:color=white@0.15:t=fill`,
  ].join(',');
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'gradients=s=640x360:d=6:r=24:c0=0x1e3a8a:c1=0x7c3aed:speed=0.02',
      '-vf',
      filter,
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-preset',
      'veryslow',
      '-crf',
      '32',
      '-movflags',
      '+faststart',
      '-an',
      target,
    ],
    { stdio: 'inherit' },
  );
  return statSync(target).size;
}

await mkdir(outDir, { recursive: true });
const courses = [...CATALOGUE_COURSES, ...BATCH_COURSES];
for (const course of courses) await writeImage(courseImageAsset(course.slug), courseSvg(course));
await writeImage(AD_BANNER_ASSET, adSvg);

const pdfAssets = new Set(
  courses.flatMap((c) =>
    c.terms.flatMap((t) => t.subjects.flatMap((s) => (s.file.type === 'pdf' ? [s.file.asset] : []))),
  ),
);
for (const asset of pdfAssets) {
  const notes = CHAPTER_NOTES.find((n) => n.asset === asset);
  if (!notes) throw new Error(`no chapter notes for ${asset}`);
  await writePdf(notes);
}

if (existsSync('/usr/bin/ffmpeg')) console.log(`${DEMO_VIDEO_ASSET}: ${writeVideo()} bytes`);
else console.warn('ffmpeg is missing (apt-get install -y ffmpeg): the chapter video was not remade');
console.log(`wrote ${courses.length} course images, the ad banner and ${pdfAssets.size} PDFs to ${outDir}`);
