import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, fillTemplate, formatIndiaLongDate, type Language, type Translation } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { users } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getCertificate } from './quiz-fixtures.ts';
import { assertPopplerInstalled, pdfFonts, pdfInfo, pdfTextLines } from './pdf-text.ts';

/**
 * Issue 16: a certificate prints its holder's and its course's names in Hindi and Malayalam, with
 * the conjuncts shaped, in embedded Noto fonts, labelled in the holder's saved language (decision
 * 022), and the text comes back out of the PDF. The text is
 * read with Poppler's pdftotext and the fonts listed with pdffonts (Debian's poppler-utils, which
 * .ci/run installs): Poppler follows the ActualText of the Indic spans, so a name comes out in its
 * logical order, as typed, not in the order of the shaped glyphs.
 */
describe('certificate PDF in English, Hindi and Malayalam', () => {
  let t: TestApp;

  beforeAll(async () => {
    assertPopplerInstalled();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Issues a certificate of a new one-quiz course named `courseName` to a learner so named, who chose `language`;
   * gives its PDF, its id and when it was issued.
   */
  async function certificatePdf(
    firstName: string,
    lastName: string,
    courseName: string,
    language: Language = 'en',
  ): Promise<{ pdf: Buffer; id: string; issuedAt: Date }> {
    const course = await createQuizCourse(t.app, { banks: [10], name: courseName });
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName, lastName, language }).where(eq(users.id, learner.id));
    await buyCourse(t.app, learner.id, course.courseId);
    const client = t.client.as(learner.token);
    const subjectId = course.subjectIds[0]!;
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) ids.push((await client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
    const bank = await correctOptions(t.app, ids);
    expect(
      (await client.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, bank.get(id)!.correct]) })).statusCode,
    ).toBe(200);
    const certificate = (await getCertificate(t.app, learner.id, course.courseId))!;
    expect(certificate.holderName).toBe(`${firstName} ${lastName}`);

    // Anyone may open it, in any language: the labels follow the holder's choice, not the reader's.
    const res = await t.app.inject({
      method: 'GET',
      url: `/live-connect/api/certificates/${certificate.id}/pdf`,
      headers: { 'accept-language': language === 'en' ? 'ml' : 'en' },
    });
    expect(res.statusCode).toBe(200);
    return { pdf: res.rawPayload, id: certificate.id, issuedAt: certificate.issuedAt };
  }

  /** The labels of a valid certificate in `catalogue`'s language, filled in as printed. */
  function labelsOf(
    catalogue: Translation<typeof en>,
    language: Language,
    { id, issuedAt }: { id: string; issuedAt: Date },
  ): string[] {
    const texts = catalogue.certificates.pdf;
    return [
      texts.title,
      texts.certify,
      texts.completed,
      fillTemplate(texts.issuedOn, { date: formatIndiaLongDate(issuedAt, language) }),
      fillTemplate(texts.certificateId, { id }),
      texts.valid,
      texts.check,
    ];
  }

  it('names the document after its holder and course in its properties, NFC and without control characters', async () => {
    // A bell and a tab in a name (an operator's reissue takes what it is given), and an accent typed as two characters.
    const { pdf, id } = await certificatePdf('Ma\u0301ya\u0007', 'Nair\tK', 'Algebra Basics');
    const info = pdfInfo(pdf);
    expect(info.Subject).toBe('Algebra Basics: M\u00e1ya  Nair K');
    expect(info.Title).toContain(id);
    expect(info.Author).toBe('Live Connect');
  });

  it('prints a Hindi name and course name, with न्य and र्म, in Noto Sans Devanagari, labelled in Hindi', async () => {
    const printed = await certificatePdf('अनन्या', 'शर्मा', 'हिंदी व्याकरण कक्षा 10', 'hi');
    const { pdf, issuedAt } = printed;
    const lines = pdfTextLines(pdf);
    expect(lines).toContain('अनन्या शर्मा');
    expect(lines).toContain('हिंदी व्याकरण कक्षा 10');
    expect(lines).toEqual(expect.arrayContaining(labelsOf(hi, 'hi', printed)));
    expect(lines).toContain(`जारी करने की तारीख़: ${formatIndiaLongDate(issuedAt, 'hi')}`);
    expect(formatIndiaLongDate(issuedAt, 'hi')).toMatch(/[\u0900-\u097F]/);
    expect(lines.join('\n')).not.toContain(en.certificates.pdf.title);

    const fonts = pdfFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
    ]);
    expect(fonts.every((f) => f.embedded)).toBe(true);
  });

  it('prints a Malayalam name and course name, with ക്ക, ഷ്ണ and the chillu ൻ, in Noto Sans Malayalam, labelled in Malayalam', async () => {
    const printed = await certificatePdf('മീര', 'കൃഷ്ണൻ', 'കണക്ക്: ഒന്നാം ഭാഗം', 'ml');
    const { pdf, issuedAt } = printed;
    const lines = pdfTextLines(pdf);
    expect(lines).toContain('മീര കൃഷ്ണൻ');
    expect(lines).toContain('കണക്ക്: ഒന്നാം ഭാഗം');
    expect(lines).toEqual(expect.arrayContaining(labelsOf(ml, 'ml', printed)));
    expect(formatIndiaLongDate(issuedAt, 'ml')).toMatch(/[\u0D00-\u0D7F]/);
    expect(lines.join('\n')).not.toContain(en.certificates.pdf.title);

    const fonts = pdfFonts(pdf);
    expect(fonts.map((f) => f.name).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansMalayalam-Bold',
      'NotoSansMalayalam-Regular',
    ]);
    expect(fonts.every((f) => f.embedded)).toBe(true);
  });

  it('prints English with Latin accents, mixes scripts in one line, and prints ? for what no font has', async () => {
    const { pdf, id, issuedAt } = await certificatePdf('Ānanya Zoë', 'Rao 张', 'Maths गणित ഗണിതം');
    const lines = pdfTextLines(pdf);
    expect(lines).toContain('Ānanya Zoë Rao ?');
    expect(lines).toContain('Maths गणित ഗണിതം');
    expect(pdfFonts(pdf).every((f) => f.name.startsWith('NotoSans') && f.embedded)).toBe(true);
    // An English holder's certificate reads as it always has, whatever language the reader asked in.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Certificate of Completion',
        'This is to certify that',
        'has completed every quiz of the course',
        `Issued on ${formatIndiaLongDate(issuedAt)}`,
        `Certificate ID: ${id}`,
        'Status: Valid',
        'Scan the code or visit this address to check this certificate:',
      ]),
    );
  });
});
