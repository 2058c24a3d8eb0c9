import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, questions, quizAttempts, users } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { auditOf, createAdmin, mp4Bytes, multipartForm, pdfBytes, pngBytes } from './admin-fixtures.ts';

describe('admin catalogue authoring', () => {
  let t: TestApp;
  let admin: Learner;
  let learner: Learner;
  const as = () => t.client.as(admin.token);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    learner = await createLearner(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const stored = async (key: string) => {
    const file = await t.app.ctx.storage.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const keyOf = (mediaPath: string) => decodeURIComponent(mediaPath.replace(/^\/media\//, ''));

  it('creates, renames and deletes categories; names are unique; a category with courses stays', async () => {
    const created = await as().post('/admin/categories', { name: '  Science  ' });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Science', courses_count: 0 });
    const id = created.body.data.id;

    expect((await as().post('/admin/categories', { name: 'Science' })).body).toEqual({
      status: false,
      message: 'This name is already used.',
      errors: { name: ['This name is already used.'] },
    });
    expect((await as().post('/admin/categories', { name: '   ' })).statusCode).toBe(422);

    const renamed = await as().put(`/admin/categories/${id}`, { name: 'Sciences' });
    expect(renamed.body.data.name).toBe('Sciences');
    const audit = await auditOf(t.app, 'categories', id);
    expect(audit.map((a) => a.action)).toEqual(['category.create', 'category.update']);
    expect(audit[1]).toMatchObject({ actorId: admin.id, before: { name: 'Science' }, after: { name: 'Sciences' } });

    const course = await as().post('/admin/courses', { name: 'Physics', price: 100, offer_price: 80, category_id: id });
    expect(course.statusCode).toBe(200);
    const refused = await as().delete(`/admin/categories/${id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe('This category still has courses. Move or delete them first.');
    await as().delete(`/admin/courses/${course.body.data.id}`);
    expect((await as().delete(`/admin/categories/${id}`)).statusCode).toBe(200);
    expect((await as().get('/admin/categories')).body.data.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await as().delete(`/admin/categories/${id}`)).statusCode).toBe(404);
  });

  it('takes prices in rupees, stores paise, and refuses an offer price above the price', async () => {
    const bad = await as().post('/admin/courses', { name: 'X', price: 100, offer_price: 120 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors).toEqual({ offer_price: ['The offer price cannot be more than the price.'] });
    for (const body of [
      { name: 'X', price: -1, offer_price: 0 },
      { name: 'X', price: 10.555, offer_price: 1 },
      { name: 'X', price: 'abc', offer_price: 1 },
      { name: 'X', offer_price: 1 },
      { name: '', price: 1, offer_price: 1 },
      { name: 'X', price: 1, offer_price: 1, category_id: 999_999 },
      { name: 'X', price: 1, offer_price: 1, video_url: 'javascript:alert(1)' },
    ]) {
      const res = await as().post('/admin/courses', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(res.body.status).toBe(false);
    }
    const before = (await t.app.ctx.db.select({ n: count() }).from(courses))[0]!.n;

    const created = await as().post('/admin/courses', {
      name: 'Algebra',
      about: 'Equations',
      price: '999.50',
      offer_price: 499.5,
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Algebra',
      price: 999.5,
      offer_price: 499.5,
      is_published: false,
      photo_path: null,
    });
    const [row] = await t.app.ctx.db.select().from(courses).where(eq(courses.id, created.body.data.id));
    expect(row).toMatchObject({ pricePaise: 99_950, offerPricePaise: 49_950 });

    // A partial update is checked against the stored price: nothing changes.
    const above = await as().put(`/admin/courses/${row!.id}`, { offer_price: 1000 });
    expect(above.statusCode).toBe(422);
    expect((await as().get(`/admin/courses/${row!.id}`)).body.data.offer_price).toBe(499.5);
    expect((await t.app.ctx.db.select({ n: count() }).from(courses))[0]!.n).toBe(before + 1);
  });

  it('keeps unpublished courses invisible to learners until they are published', async () => {
    const created = await as().post('/admin/courses', { name: 'Hidden course', price: 10, offer_price: 10 });
    const id = created.body.data.id;
    const listed = async () =>
      (await t.client.as(learner.token).get('/course')).body.data.course.map((c: { id: number }) => c.id);
    expect(await listed()).not.toContain(id);
    expect((await t.client.as(learner.token).get(`/course/${id}`)).statusCode).toBe(404);
    expect((await t.client.as(learner.token).post('/checkout', { course_id: id })).statusCode).toBe(404);

    const published = await as().put(`/admin/courses/${id}`, { is_published: true });
    expect(published.body.data.is_published).toBe(true);
    expect(await listed()).toContain(id);
    expect((await t.client.as(learner.token).get(`/course/${id}`)).body.data.name).toBe('Hidden course');

    await as().put(`/admin/courses/${id}`, { is_published: false });
    expect(await listed()).not.toContain(id);
    const audit = await auditOf(t.app, 'courses', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'course.update',
      before: { is_published: true },
      after: { is_published: false },
    });
  });

  it('stores a course image by content, re-encoded, and refuses what is not an image', async () => {
    const id = (await as().post('/admin/courses', { name: 'Pictures', price: 1, offer_price: 1 })).body.data.id;
    const png = await pngBytes();
    const up = multipartForm({}, { filename: 'photo.jpg', type: 'image/jpeg', content: png });
    const res = await as().post(`/admin/courses/${id}/image`, up.body, up.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.photo_path).toMatch(new RegExp(`^/media/courses/${id}/image-[A-Za-z0-9_-]{16}\\.png$`));
    const file = await stored(keyOf(res.body.data.photo_path));
    expect((await sharp(file!).metadata()).format).toBe('png');
    const served = await t.app.inject({ method: 'GET', url: res.body.data.photo_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const fake = multipartForm(
      {},
      { filename: 'photo.png', type: 'image/png', content: Buffer.from('<?php echo 1; ?>') },
    );
    const refused = await as().post(`/admin/courses/${id}/image`, fake.body, fake.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors.file).toEqual(['The photo must be a PNG, GIF or JPEG image.']);
    expect((await as().post(`/admin/courses/${id}/image`, {})).statusCode).toBe(422);

    // A new image replaces the old file.
    const again = await as().post(`/admin/courses/${id}/image`, up.body, up.headers);
    expect(again.statusCode).toBe(200);
    expect(await stored(keyOf(res.body.data.photo_path))).toBeNull();
    expect(await stored(keyOf(again.body.data.photo_path))).not.toBeNull();
  });

  it('scales a course image wider than a phone can show down to 1080 pixels, keeping its shape', async () => {
    const id = (await as().post('/admin/courses', { name: 'Wide', price: 1, offer_price: 1 })).body.data.id;
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3b2fc9' } })
      .jpeg()
      .toBuffer();
    const up = multipartForm({}, { filename: 'wide.jpg', type: 'image/jpeg', content: wide });
    const res = await as().post(`/admin/courses/${id}/image`, up.body, up.headers);
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await stored(keyOf(res.body.data.photo_path)))!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1080, height: 540 });
  });

  it('takes a demo video as an MP4 by its ftyp box, or an https URL', async () => {
    const id = (await as().post('/admin/courses', { name: 'Video', price: 1, offer_price: 1 })).body.data.id;
    const up = multipartForm({}, { filename: 'demo.mp4', type: 'video/mp4', content: mp4Bytes() });
    const res = await as().post(`/admin/courses/${id}/video`, up.body, up.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.video_path).toMatch(new RegExp(`^/media/courses/${id}/demo-.+\\.mp4$`));
    expect((await stored(keyOf(res.body.data.video_path)))!.subarray(4, 8).toString()).toBe('ftyp');

    for (const content of [pdfBytes(), Buffer.from('not a video at all'), await pngBytes()]) {
      const fake = multipartForm({}, { filename: 'demo.mp4', type: 'video/mp4', content });
      const refused = await as().post(`/admin/courses/${id}/video`, fake.body, fake.headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.body.errors.file).toEqual(['The file must be an MP4 video.']);
    }

    const url = await as().put(`/admin/courses/${id}`, { video_url: 'https://cdn.example.com/demo.mp4' });
    expect(url.body.data.video_path).toBe('https://cdn.example.com/demo.mp4');
    expect(await stored(keyOf(res.body.data.video_path))).toBeNull();
    expect((await as().put(`/admin/courses/${id}`, { video_url: null })).body.data.video_path).toBeNull();
  });

  it('authors terms and chapters: PDF and MP4 by content into private storage, YouTube as its embed URL, https links', async () => {
    const courseId = (await as().post('/admin/courses', { name: 'Chapters', price: 1, offer_price: 1 })).body.data.id;
    const term = await as().post(`/admin/courses/${courseId}/terms`, { name: 'Term 1' });
    expect(term.body.data).toMatchObject({ course_id: courseId, name: 'Term 1', position: 0, subjects_count: 0 });
    const termId = term.body.data.id;
    expect((await as().post(`/admin/courses/${courseId}/terms`, { name: 'Term 2' })).body.data.position).toBe(1);
    expect((await as().put(`/admin/terms/${termId}`, { about: 'First' })).body.data).toMatchObject({
      name: 'Term 1',
      about: 'First',
    });

    const pdf = multipartForm(
      { name: 'Notes', file_type: 'pdf' },
      { filename: 'notes.pdf', type: 'application/pdf', content: pdfBytes() },
    );
    const created = await as().post(`/admin/terms/${termId}/subjects`, pdf.body, pdf.headers);
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Notes',
      file_type: 'pdf',
      url: null,
      has_file: true,
      questions_count: 0,
    });
    const [audit] = await auditOf(t.app, 'subjects', created.body.data.id);
    const key = (audit!.after as { file_ref: string }).file_ref;
    expect(key).toMatch(/^private\/subjects\/term-\d+\/chapter-.+\.pdf$/);
    expect((await stored(key))!.subarray(0, 5).toString()).toBe('%PDF-');
    // Chapter files are for buyers only: the public media route does not serve them.
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);

    const fakePdf = multipartForm(
      { name: 'Fake', file_type: 'pdf' },
      { filename: 'x.pdf', type: 'application/pdf', content: Buffer.from('hello') },
    );
    const refused = await as().post(`/admin/terms/${termId}/subjects`, fakePdf.body, fakePdf.headers);
    expect(refused.body).toEqual({
      status: false,
      message: 'The file must be a PDF document.',
      errors: { file: ['The file must be a PDF document.'] },
    });
    expect(
      (await as().post(`/admin/terms/${termId}/subjects`, { name: 'No file', file_type: 'pdf' })).body.errors,
    ).toEqual({ file: ['Choose a file to upload.'] });

    const video = multipartForm(
      { name: 'Lecture', file_type: 'video', position: '5' },
      { filename: 'l.mp4', type: 'video/mp4', content: mp4Bytes() },
    );
    expect((await as().post(`/admin/terms/${termId}/subjects`, video.body, video.headers)).body.data).toMatchObject({
      file_type: 'video',
      position: 5,
    });

    const yt = await as().post(`/admin/terms/${termId}/subjects`, {
      name: 'Talk',
      file_type: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ?t=42',
    });
    expect(yt.body.data).toMatchObject({
      file_type: 'youtube',
      url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      has_file: false,
    });
    for (const url of [
      'https://vimeo.com/123456',
      'https://www.youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch',
    ]) {
      const bad = await as().post(`/admin/terms/${termId}/subjects`, { name: 'Bad', file_type: 'youtube', url });
      expect({ url, errors: bad.body.errors }).toEqual({
        url,
        errors: { url: ['Enter a YouTube video URL (youtube.com or youtu.be).'] },
      });
    }
    const link = await as().post(`/admin/terms/${termId}/subjects`, {
      name: 'Read',
      file_type: 'link',
      url: 'https://example.org/read',
    });
    expect(link.body.data).toMatchObject({ file_type: 'link', url: 'https://example.org/read' });
    expect(
      (
        await as().post(`/admin/terms/${termId}/subjects`, {
          name: 'Bad',
          file_type: 'link',
          url: 'http://example.org',
        })
      ).statusCode,
    ).toBe(422);
    expect((await as().post(`/admin/terms/${termId}/subjects`, { name: 'Bad', file_type: 'exe' })).statusCode).toBe(
      422,
    );

    // Turning the PDF chapter into a link deletes its file; the term lists what is left in order.
    const changed = await as().put(`/admin/subjects/${created.body.data.id}`, {
      file_type: 'link',
      url: 'https://example.org/notes',
    });
    expect(changed.body.data).toMatchObject({ file_type: 'link', url: 'https://example.org/notes', has_file: false });
    expect(await stored(key)).toBeNull();
    const listed = await as().get(`/admin/terms/${termId}/subjects`);
    expect(listed.body.data.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([
      ['Notes', 0],
      ['Lecture', 5],
      ['Talk', 6],
      ['Read', 7],
    ]);

    expect((await as().delete(`/admin/subjects/${yt.body.data.id}`)).statusCode).toBe(200);
    expect((await as().get(`/admin/courses/${courseId}/terms`)).body.data[0].subjects_count).toBe(3);
    expect((await as().delete(`/admin/terms/${termId}`)).statusCode).toBe(200);
    expect((await as().get(`/admin/terms/${termId}/subjects`)).statusCode).toBe(404);
  });

  describe('question banks', () => {
    let subjectId: number;
    beforeAll(async () => {
      const courseId = (await as().post('/admin/courses', { name: 'Quiz course', price: 1, offer_price: 1 })).body.data
        .id;
      const termId = (await as().post(`/admin/courses/${courseId}/terms`, { name: 'T' })).body.data.id;
      subjectId = (
        await as().post(`/admin/terms/${termId}/subjects`, { name: 'S', file_type: 'link', url: 'https://example.org' })
      ).body.data.id;
    });
    const countQuestions = async () =>
      (await t.app.ctx.db.select({ n: count() }).from(questions).where(eq(questions.subjectId, subjectId)))[0]!.n;

    it('adds, edits and deletes questions with 2 to 5 options and a correct option that exists', async () => {
      const q = { question: 'What is 2 + 2?', option_1: '3', option_2: '4', option_3: '5', correct_option: 2 };
      const added = await as().post(`/admin/subjects/${subjectId}/questions`, q);
      expect(added.statusCode).toBe(200);
      expect(added.body.data).toEqual({
        id: expect.any(Number),
        subject_id: subjectId,
        ...q,
        option_4: null,
        option_5: null,
        explanation: null,
      });

      expect(
        (await as().post(`/admin/subjects/${subjectId}/questions`, { ...q, correct_option: 6 })).body.errors,
      ).toEqual({ correct_option: ['correct_option must be 1-5'] });
      expect(
        (await as().post(`/admin/subjects/${subjectId}/questions`, { ...q, correct_option: 4 })).body.errors,
      ).toEqual({ correct_option: ['correct_option 4 names an empty option'] });
      expect((await as().post(`/admin/subjects/${subjectId}/questions`, { ...q, option_2: '' })).statusCode).toBe(422);

      const edited = await as().put(`/admin/questions/${added.body.data.id}`, { ...q, question: 'What is 2 × 2?' });
      expect(edited.body.data.question).toBe('What is 2 × 2?');
      const [, update] = await auditOf(t.app, 'questions', added.body.data.id);
      expect(update).toMatchObject({ before: { question: 'What is 2 + 2?' }, after: { question: 'What is 2 × 2?' } });

      // An optional explanation, shown to learners with their result; blank means none.
      const explained = await as().put(`/admin/questions/${added.body.data.id}`, {
        ...q,
        explanation: '  2 × 2 is 4.  ',
      });
      expect(explained.body.data.explanation).toBe('2 × 2 is 4.');
      expect((await as().get(`/admin/subjects/${subjectId}/questions`)).body.data[0].explanation).toBe('2 × 2 is 4.');
      expect(
        (await as().put(`/admin/questions/${added.body.data.id}`, { ...q, explanation: 'x'.repeat(2_001) })).body
          .errors,
      ).toEqual({ explanation: ['At most 2000 characters.'] });
      expect(
        (await as().put(`/admin/questions/${added.body.data.id}`, { ...q, explanation: ' ' })).body.data.explanation,
      ).toBeNull();

      // Once a learner has drawn it, it stays (their quiz names it); an undrawn one can go.
      await t.app.ctx.db
        .insert(quizAttempts)
        .values({ userId: learner.id, subjectId, questionIds: [added.body.data.id] });
      const kept = await as().delete(`/admin/questions/${added.body.data.id}`);
      expect(kept.statusCode).toBe(400);
      const other = await as().post(`/admin/subjects/${subjectId}/questions`, q);
      expect((await as().delete(`/admin/questions/${other.body.data.id}`)).statusCode).toBe(200);
      expect(
        (await as().get(`/admin/subjects/${subjectId}/questions`)).body.data.map((x: { id: number }) => x.id),
      ).toEqual([added.body.data.id]);
    });

    const badCsv = [
      'question,option_1,option_2,option_3,option_4,option_5,correct_option',
      'Capital of India?,Delhi,Mumbai,,,,1',
      'Largest planet?,Mars,Jupiter,Venus,,,2',
      'Bad correct?,A,B,C,D,E,7',
      '"Multi-line',
      'question?",yes,no,,,,1',
      'Missing option,A,,,,,1',
      'Too few columns,A,B',
    ].join('\n');

    it('previews a CSV with line-numbered errors, and imports nothing while any line is bad', async () => {
      const before = await countQuestions();
      const preview = await as().post(`/admin/subjects/${subjectId}/questions/import?dry_run=true`, { csv: badCsv });
      expect(preview.statusCode).toBe(200);
      expect(preview.body.data.dry_run).toBe(true);
      expect(preview.body.data.inserted).toBe(0);
      expect(preview.body.data.errors).toEqual([
        'line 4: correct_option must be 1-5',
        'line 7: option_2 is required',
        'line 8: expected 7 columns, found 3',
      ]);
      expect(preview.body.data.rows.map((r: { line: number; question: string }) => [r.line, r.question])).toEqual([
        [2, 'Capital of India?'],
        [3, 'Largest planet?'],
        [5, 'Multi-line\nquestion?'],
      ]);

      const imported = await as().post(`/admin/subjects/${subjectId}/questions/import`, { csv: badCsv });
      expect(imported.statusCode).toBe(422);
      expect(imported.body).toEqual({
        status: false,
        message: 'The file has errors; nothing was imported.',
        errors: {
          csv: [
            'line 4: correct_option must be 1-5',
            'line 7: option_2 is required',
            'line 8: expected 7 columns, found 3',
          ],
        },
      });
      expect(await countQuestions()).toBe(before);

      const noHeader = await as().post(`/admin/subjects/${subjectId}/questions/import?dry_run=true`, {
        csv: 'Q?,A,B,,,,1\n',
      });
      expect(noHeader.body.data.errors).toEqual([
        'line 1: the header must be question,option_1,option_2,option_3,option_4,option_5,correct_option, optionally with explanation',
      ]);
      const broken = await as().post(`/admin/subjects/${subjectId}/questions/import?dry_run=true`, {
        csv: 'question,option_1,option_2,correct_option\n"open,A,B,1\n',
      });
      expect(broken.body.data.errors[0]).toMatch(/^line \d+: /);
      expect((await as().post(`/admin/subjects/${subjectId}/questions/import`, { csv: '' })).statusCode).toBe(422);
    });

    it('imports a clean CSV file in one go', async () => {
      const before = await countQuestions();
      const good = badCsv
        .split('\n')
        .filter((_, i) => ![3, 6, 7].includes(i))
        .join('\r\n');
      const file = multipartForm(
        {},
        { filename: 'bank.csv', type: 'text/csv', content: Buffer.from(`\uFEFF${good}\r\n`) },
      );
      const preview = await as().post(
        `/admin/subjects/${subjectId}/questions/import?dry_run=true`,
        file.body,
        file.headers,
      );
      expect(preview.body.data).toMatchObject({ dry_run: true, errors: [], inserted: 0 });
      expect(preview.body.data.rows).toHaveLength(3);
      expect(await countQuestions()).toBe(before);

      const imported = await as().post(`/admin/subjects/${subjectId}/questions/import`, file.body, file.headers);
      expect(imported.statusCode).toBe(200);
      expect(imported.body.message).toBe('3 questions imported.');
      expect(imported.body.data).toMatchObject({ dry_run: false, inserted: 3 });
      expect(await countQuestions()).toBe(before + 3);
      const bank = (await as().get(`/admin/subjects/${subjectId}/questions`)).body.data;
      expect(bank.at(-1)).toMatchObject({
        question: 'Multi-line\nquestion?',
        option_1: 'yes',
        option_2: 'no',
        option_3: null,
        correct_option: 1,
      });
      const [audit] = await auditOf(t.app, 'subjects', subjectId).then((rows) =>
        rows.filter((r) => r.action === 'question.import'),
      );
      expect(audit!.after).toMatchObject({ inserted: 3 });
    });

    it('imports an optional explanation column, in any position', async () => {
      const csv = [
        'explanation,question,option_1,option_2,correct_option',
        '"Delhi has been the capital since 1911, New Delhi since 1931.",Capital of India?,Delhi,Mumbai,1',
        ',No explanation?,yes,no,2',
      ].join('\n');
      const preview = await as().post(`/admin/subjects/${subjectId}/questions/import?dry_run=true`, { csv });
      expect(preview.body.data.errors).toEqual([]);
      expect(preview.body.data.rows.map((r: { explanation: string | null }) => r.explanation)).toEqual([
        'Delhi has been the capital since 1911, New Delhi since 1931.',
        null,
      ]);
      expect((await as().post(`/admin/subjects/${subjectId}/questions/import`, { csv })).statusCode).toBe(200);
      const bank = (await as().get(`/admin/subjects/${subjectId}/questions`)).body.data;
      expect(
        bank.slice(-2).map((x: { question: string; explanation: string | null }) => [x.question, x.explanation]),
      ).toEqual([
        ['Capital of India?', 'Delhi has been the capital since 1911, New Delhi since 1931.'],
        ['No explanation?', null],
      ]);
    });
  });

  it('authors syllabuses, standards and batches with their fee', async () => {
    const syllabus = await as().post('/admin/syllabuses', { name: 'CBSE' });
    expect(syllabus.statusCode).toBe(200);
    const other = await as().post('/admin/syllabuses', { name: 'ICSE' });
    const std = await as().post('/admin/standards', { syllabus_id: syllabus.body.data.id, name: 'Class 10' });
    expect(std.body.data).toMatchObject({ syllabus_id: syllabus.body.data.id, name: 'Class 10', position: 0 });
    expect((await as().get(`/admin/standards?syllabus_id=${syllabus.body.data.id}`)).body.data).toHaveLength(1);

    const mismatch = await as().post('/admin/batches', {
      syllabus_id: other.body.data.id,
      standard_id: std.body.data.id,
      name: 'B',
      fee: 100,
    });
    expect(mismatch.body.errors).toEqual({ standard_id: ['This standard does not belong to the syllabus.'] });
    const batch = await as().post('/admin/batches', {
      syllabus_id: syllabus.body.data.id,
      standard_id: std.body.data.id,
      name: 'CBSE 10',
      fee: 1499.5,
    });
    expect(batch.body.data).toMatchObject({
      name: 'CBSE 10',
      fee: 1499.5,
      syllabus_name: 'CBSE',
      standard_name: 'Class 10',
      courses_count: 0,
    });
    const twice = await as().post('/admin/batches', {
      syllabus_id: syllabus.body.data.id,
      standard_id: std.body.data.id,
      name: 'Again',
      fee: 0,
    });
    expect(twice.body.errors).toEqual({ standard_id: ['This syllabus and standard already have a batch.'] });
    expect((await as().put(`/admin/batches/${batch.body.data.id}`, { fee: 999 })).body.data.fee).toBe(999);
    expect((await as().put(`/admin/batches/${batch.body.data.id}`, { fee: -5 })).statusCode).toBe(422);

    // A learner's choice keeps the syllabus in use.
    await t.app.ctx.db
      .update(users)
      .set({ syllabusId: syllabus.body.data.id, standardId: std.body.data.id })
      .where(eq(users.id, learner.id));
    const inUse = await as().delete(`/admin/syllabuses/${syllabus.body.data.id}`);
    expect(inUse.body).toEqual({ status: false, message: 'This is still in use and cannot be deleted.' });
    expect((await as().get('/admin/batches')).body.data.map((b: { id: number }) => b.id)).toContain(batch.body.data.id);
    expect((await as().delete(`/admin/syllabuses/${other.body.data.id}`)).statusCode).toBe(200);
  });

  it('runs ads from an uploaded image or a URL; learners see the newest active one', async () => {
    const image = multipartForm(
      { is_active: 'true' },
      { filename: 'ad.png', type: 'image/png', content: await pngBytes(40, 10) },
    );
    const uploaded = await as().post('/admin/ads', image.body, image.headers);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.body.data.url).toMatch(/^\/media\/ads\/ad-.+\.png$/);
    expect((await t.client.as(learner.token).get('/ads')).body.data.url).toBe(uploaded.body.data.url);

    t.clock.advance(1000);
    const byUrl = await as().post('/admin/ads', { url: 'https://cdn.example.com/banner.png', is_active: false });
    expect(byUrl.body.data).toMatchObject({ url: 'https://cdn.example.com/banner.png', is_active: false });
    expect((await t.client.as(learner.token).get('/ads')).body.data.url).toBe(uploaded.body.data.url);
    await as().put(`/admin/ads/${byUrl.body.data.id}`, { is_active: true });
    expect((await t.client.as(learner.token).get('/ads')).body.data.url).toBe('https://cdn.example.com/banner.png');

    expect((await as().post('/admin/ads', { is_active: true })).body.errors).toEqual({
      file: ['Upload an image or give its URL.'],
    });
    expect((await as().delete(`/admin/ads/${uploaded.body.data.id}`)).statusCode).toBe(200);
    expect(await stored(keyOf(uploaded.body.data.url))).toBeNull();
  });
});
