import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@app/db';
import { createTestApp, type TestApp, type TestClient } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getCertificate, type QuizCourse } from '../quiz-fixtures.ts';
import { pdfTextLines } from '../pdf-text.ts';

/**
 * docs/product/certificates.md#name-on-the-certificate: certificates keep the name they were issued to. A learner who
 * renames themself afterwards must not rename the public certificate; only an operator's reissue
 * (audited) may correct it. The course's name, too, is the one it had at issue.
 */

/** The text the PDF prints, as a reader extracts it. */
const pdfText = (pdf: Buffer) => pdfTextLines(pdf).join('\n');

describe('abuse: a certificate keeps the name it was issued to', () => {
  let t: TestApp;
  let course: QuizCourse;
  let learner: Learner & { client: TestClient };
  let admin: Learner;
  let certificateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    course = await createQuizCourse(t.app, { banks: [12, 12], name: 'Class 10 Physics' });
    admin = await createAdmin(t.app);
    const created = await createLearner(t.app);
    learner = { ...created, client: t.client.as(created.token) };
    await buyCourse(t.app, learner.id, course.courseId);
    // The learner names themself, then earns the certificate by passing every quiz.
    const named = await learner.client.put('/profile', {
      first_name: 'Anjali',
      last_name: 'Menon',
      mobile: '9876501234',
      email: learner.email,
    });
    expect(named.statusCode).toBe(200);
    for (const subjectId of course.subjectIds) {
      const ids: number[] = [];
      for (let n = 1; n <= 10; n++) ids.push((await learner.client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
      const bank = await correctOptions(t.app, ids);
      expect(
        (await learner.client.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, bank.get(id)!.correct]) }))
          .statusCode,
      ).toBe(200);
    }
    certificateId = (await getCertificate(t.app, learner.id, course.courseId))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const publicName = async () => (await t.client.get(`/certificates/${certificateId}`)).body.data.name as string;
  const pdfOf = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/live-connect/api/certificates/${certificateId}/pdf` });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('is issued to the name the learner had when they earned it', async () => {
    expect(await publicName()).toBe('Anjali Menon');
    expect(pdfText(await pdfOf())).toContain('Anjali Menon');
  });

  it('does not follow a later rename in the profile, on the page or in the PDF', async () => {
    const renamed = await learner.client.put('/profile', {
      first_name: 'Someone',
      last_name: 'Else',
      mobile: '9876501234',
      email: learner.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body.data).toMatchObject({ first_name: 'Someone', last_name: 'Else' });

    const page = await t.client.get(`/certificates/${certificateId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body.data).toMatchObject({
      certificate_id: certificateId,
      name: 'Anjali Menon',
      course: 'Class 10 Physics',
      is_valid: true,
    });
    const pdf = await pdfOf();
    const text = pdfText(pdf);
    expect(text).toContain('Anjali Menon');
    expect(text).not.toContain('Someone Else');
    // Nor anywhere else in the file (e.g. its document information).
    expect(pdf.toString('latin1')).not.toContain('Someone Else');
    // My Courses still links the same certificate.
    expect((await learner.client.get('/learn')).body.data.course[0]).toMatchObject({
      id: course.courseId,
      certificate_id: certificateId,
    });
  });

  it("keeps the course's name it had at issue when the operator renames the course", async () => {
    const renamed = await t.client
      .as(admin.token)
      .put(`/admin/courses/${course.courseId}`, { name: 'Physics: New Syllabus' });
    expect(renamed.statusCode, JSON.stringify(renamed.body)).toBe(200);
    expect((await t.client.get(`/certificates/${certificateId}`)).body.data.course).toBe('Class 10 Physics');
    const text = pdfText(await pdfOf());
    expect(text).toContain('Class 10 Physics');
    expect(text).not.toContain('New Syllabus');
    const console = await t.client.as(admin.token).get(`/admin/certificates/${certificateId}`);
    expect(console.body.data.course).toEqual({ id: course.courseId, name: 'Class 10 Physics' });
  });

  it('cannot be reissued by the learner (403), nor looked up through the console', async () => {
    const reissue = await learner.client.post(`/admin/certificates/${certificateId}/reissue`, { name: 'Someone Else' });
    expect(reissue.statusCode).toBe(403);
    expect((await learner.client.get(`/admin/certificates/${certificateId}`)).statusCode).toBe(403);
    expect(
      (await t.client.post(`/admin/certificates/${certificateId}/reissue`, { name: 'Someone Else' })).statusCode,
    ).toBe(401);
    expect(await publicName()).toBe('Anjali Menon');
  });

  it('refuses an empty or over-long name (422) and an unknown id (404), changing nothing', async () => {
    const operator = t.client.as(admin.token);
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      const res = await operator.post(`/admin/certificates/${certificateId}/reissue`, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.body.errors.name).toEqual([
        'Enter the name as it should appear on the certificate (1 to 120 characters).',
      ]);
    }
    expect((await operator.post(`/admin/certificates/${certificateId}/reissue`, {})).statusCode).toBe(422);
    const unknown = await operator.post('/admin/certificates/00000000000000000000000000000000/reissue', {
      name: 'Anjali Menon',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await publicName()).toBe('Anjali Menon');
    expect(await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.reissue'))).toEqual([]);
  });

  it('is reissued by an operator under the corrected name, and the change is audited', async () => {
    const operator = t.client.as(admin.token);
    const lookup = await operator.get(`/admin/certificates/${certificateId.toUpperCase()}`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.body.data).toMatchObject({
      id: certificateId,
      holder_name: 'Anjali Menon',
      user: { id: learner.id, name: 'Someone Else' },
      course: { id: course.courseId, name: 'Class 10 Physics' },
      reissued_at: null,
      is_valid: true,
    });

    const res = await operator.post(`/admin/certificates/${certificateId}/reissue`, { name: '  Anjali S. Menon ' });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Certificate reissued.');
    expect(res.body.data).toMatchObject({
      id: certificateId,
      holder_name: 'Anjali S. Menon',
      issued_at: lookup.body.data.issued_at,
    });
    expect(res.body.data.reissued_at).toEqual(expect.any(String));

    expect(await publicName()).toBe('Anjali S. Menon');
    expect(pdfText(await pdfOf())).toContain('Anjali S. Menon');

    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.reissue'), eq(auditLog.entityId, certificateId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      entity: 'certificates',
      before: { holder_name: 'Anjali Menon', reissued_at: null },
      after: { holder_name: 'Anjali S. Menon', reissued_at: res.body.data.reissued_at },
    });
    // The operator finds it in the audit log too.
    const listed = await operator.get('/admin/audit?entity=certificates&action=certificate.reissue');
    expect(listed.body.data.data).toEqual([
      expect.objectContaining({ entity_id: certificateId, actor: expect.objectContaining({ id: admin.id }) }),
    ]);
  });
});
