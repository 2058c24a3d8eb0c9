import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getCertificate } from './quiz-fixtures.ts';

/**
 * Issue 16: a certificate prints its holder's and its course's names in Hindi and Malayalam, with
 * the conjuncts shaped, in embedded Noto fonts, and the text comes back out of the PDF. The text is
 * read with Poppler's pdftotext and the fonts listed with pdffonts (Debian's poppler-utils, which
 * .ci/run installs): Poppler follows the ActualText of the Indic spans, so a name comes out in its
 * logical order, as typed, not in the order of the shaped glyphs.
 */
describe('certificate PDF in English, Hindi and Malayalam', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    for (const tool of ['pdftotext', 'pdffonts']) {
      try {
        execFileSync(tool, ['-v'], { stdio: 'ignore' });
      } catch {
        throw new Error(`${tool} is missing: apt-get install poppler-utils (as .ci/run does)`);
      }
    }
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'certificate-scripts-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Issues a certificate of a new one-quiz course named `courseName` to a learner so named; gives its PDF's path. */
  async function certificatePdf(firstName: string, lastName: string, courseName: string): Promise<string> {
    const course = await createQuizCourse(t.app, { banks: [10], name: courseName });
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, learner.id));
    await buyCourse(t.app, learner.id, course.courseId);
    const client = t.client.as(learner.token);
    const subjectId = course.subjectIds[0]!;
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) ids.push((await client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
    const bank = await correctOptions(t.app, ids);
    expect((await client.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, bank.get(id)!.correct]) })).statusCode).toBe(200);
    const certificate = (await getCertificate(t.app, learner.id, course.courseId))!;
    expect(certificate.holderName).toBe(`${firstName} ${lastName}`);

    const res = await t.app.inject({ method: 'GET', url: `/live-connect/api/certificates/${certificate.id}/pdf` });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, `${certificate.id}.pdf`);
    writeFileSync(file, res.rawPayload);
    return file;
  }

  /** The page's text, NFC, one line of the certificate a line. */
  const textOf = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .normalize('NFC').split('\n').map((line) => line.trim()).filter(Boolean);

  /** The fonts of the page, from pdffonts' table (columns as wide as the dashes under the header). */
  function fontsOf(file: string) {
    const [, dashes, ...rows] = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n');
    const columns = [...dashes!.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
    return rows.filter(Boolean).map((row) => {
      const [name, type, , emb] = columns.map(([start, end]) => row.slice(start, end).trim());
      return { name: name!.replace(/^[A-Z]{6}\+/, ''), type, emb };
    });
  }

  it('prints a Hindi name and course name, with न्य and र्म, in Noto Sans Devanagari', async () => {
    const file = await certificatePdf('अनन्या', 'शर्मा', 'हिंदी व्याकरण कक्षा 10');
    const lines = textOf(file);
    expect(lines).toContain('अनन्या शर्मा');
    expect(lines).toContain('हिंदी व्याकरण कक्षा 10');
    expect(lines).toContain('Certificate of Completion');

    const fonts = fontsOf(file);
    expect(fonts.map((f) => f.name).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansDevanagari-Bold']);
    expect(fonts.every((f) => f.emb === 'yes')).toBe(true);
  });

  it('prints a Malayalam name and course name, with ക്ക, ഷ്ണ and the chillu ൻ, in Noto Sans Malayalam', async () => {
    const file = await certificatePdf('മീര', 'കൃഷ്ണൻ', 'കണക്ക്: ഒന്നാം ഭാഗം');
    const lines = textOf(file);
    expect(lines).toContain('മീര കൃഷ്ണൻ');
    expect(lines).toContain('കണക്ക്: ഒന്നാം ഭാഗം');

    const fonts = fontsOf(file);
    expect(fonts.map((f) => f.name).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansMalayalam-Bold']);
    expect(fonts.every((f) => f.emb === 'yes')).toBe(true);
  });

  it('prints English with Latin accents, mixes scripts in one line, and prints ? for what no font has', async () => {
    const file = await certificatePdf('Ānanya Zoë', 'Rao 张', 'Maths गणित ഗണിതം');
    const lines = textOf(file);
    expect(lines).toContain('Ānanya Zoë Rao ?');
    expect(lines).toContain('Maths गणित ഗണിതം');
    expect(fontsOf(file).every((f) => f.name.startsWith('NotoSans') && f.emb === 'yes')).toBe(true);
  });
});
