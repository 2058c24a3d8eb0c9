import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adCreateBody, adminAd, adminBatch, adminCategory, adminCourse, adminMessages, adminQuestion, adminStandard, adminSubject,
  adminSyllabus, adminTerm, adUpdateBody, batchCreateBody, batchUpdateBody, categoryBody, courseCreateBody, coursesQuery,
  courseUpdateBody, envelope, idParams, importBody, importData, importQuery, messageOnly, paged, questionBody,
  standardCreateBody, standardsQuery, standardUpdateBody, subjectCreateBody, subjectUpdateBody, syllabusBody,
  termCreateBody, termUpdateBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { createAd, deleteAd, listAds, updateAd } from '../../services/admin/catalogue/ads.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from '../../services/admin/catalogue/categories.ts';
import {
  createCourse, deleteCourse, getAdminCourse, listAdminCourses, receiveCourseVideo, setCourseImage, setCourseVideo, updateCourse,
} from '../../services/admin/catalogue/courses.ts';
import { importQuestions } from '../../services/admin/catalogue/import-questions.ts';
import { createQuestion, deleteQuestion, listQuestions, updateQuestion } from '../../services/admin/catalogue/questions.ts';
import {
  createBatch, createStandard, createSyllabus, deleteBatch, deleteStandard, deleteSyllabus, listBatches, listStandards,
  listSyllabuses, updateBatch, updateStandard, updateSyllabus,
} from '../../services/admin/catalogue/school.ts';
import {
  createSubject, deleteSubject, listSubjects, receiveChapterFile, updateSubject,
} from '../../services/admin/catalogue/subjects.ts';
import { createTerm, deleteTerm, listTerms, setTermImage, updateTerm } from '../../services/admin/catalogue/terms.ts';
import { parseInput } from '../../services/admin/parse-input.ts';
import { deleteOwnFile, PDF_MAX_BYTES, type StoredUpload } from '../../services/admin/uploads.ts';
import { actorOf } from './actor.ts';
import { readForm, readUpload, smallFile, type FileSink } from './read-form.ts';

const multipartOrJson = ['application/json', 'multipart/form-data'];
const uploadOnly = ['multipart/form-data'];

/** A sink that streams the file to storage; a stored file the request then fails on is deleted. */
const storedFile = (ctx: App['ctx'], receive: FileSink<StoredUpload>['receive']): FileSink<StoredUpload> => ({
  receive,
  discard: (upload) => deleteOwnFile(ctx, upload.key),
});

/** Catalogue authoring: categories, courses (image, demo video), terms, chapters, question banks, school, ads. */
export async function adminCatalogueRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deleted = { schema: { params: idParams, response: { 200: messageOnly } } };

  // Categories
  app.get('/categories', { schema: { response: { 200: envelope(z.array(adminCategory)) } } },
    async () => ok(await listCategories(ctx)));
  app.post('/categories', { schema: { body: categoryBody, response: { 200: envelope(adminCategory) } } },
    async (request) => ok(await createCategory(ctx, { actorId: actorOf(request), name: request.body.name }), adminMessages.created));
  app.put('/categories/:id', { schema: { params: idParams, body: categoryBody, response: { 200: envelope(adminCategory) } } },
    async (request) => ok(await updateCategory(ctx, { actorId: actorOf(request), id: request.params.id, name: request.body.name }), adminMessages.saved));
  app.delete('/categories/:id', deleted, async (request) => {
    await deleteCategory(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });

  // Courses
  app.get('/courses', { schema: { querystring: coursesQuery, response: { 200: envelope(paged(adminCourse)) } } }, async (request) => {
    const { q, category_id: categoryId, is_published: isPublished, page, per_page: perPage } = request.query;
    return ok(await listAdminCourses(ctx, { q, categoryId, isPublished, page, perPage }));
  });
  app.get('/courses/:id', { schema: { params: idParams, response: { 200: envelope(adminCourse) } } },
    async (request) => ok(await getAdminCourse(ctx, request.params.id)));
  app.post('/courses', { schema: { body: courseCreateBody, response: { 200: envelope(adminCourse) } } },
    async (request) => ok(await createCourse(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created));
  app.put('/courses/:id', { schema: { params: idParams, body: courseUpdateBody, response: { 200: envelope(adminCourse) } } },
    async (request) => ok(await updateCourse(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }), adminMessages.saved));
  app.delete('/courses/:id', deleted, async (request) => {
    await deleteCourse(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
  app.post('/courses/:id/image', {
    schema: { params: idParams, consumes: uploadOnly, description: "multipart field 'file': PNG, GIF or JPEG, at most 2 MB", response: { 200: envelope(adminCourse) } },
  }, async (request) => {
    const upload = await readUpload(request, smallFile());
    return ok(await setCourseImage(ctx, { actorId: actorOf(request), id: request.params.id, upload }), adminMessages.saved);
  });
  app.post('/courses/:id/video', {
    schema: { params: idParams, consumes: uploadOnly, description: "multipart field 'file': the demo video, MP4", response: { 200: envelope(adminCourse) } },
  }, async (request) => {
    const upload = await readUpload(request, storedFile(ctx, (source) => receiveCourseVideo(ctx, { id: request.params.id, source })));
    return ok(await setCourseVideo(ctx, { actorId: actorOf(request), id: request.params.id, upload }), adminMessages.saved);
  });

  // Terms
  app.get('/courses/:id/terms', { schema: { params: idParams, response: { 200: envelope(z.array(adminTerm)) } } },
    async (request) => ok(await listTerms(ctx, request.params.id)));
  app.post('/courses/:id/terms', { schema: { params: idParams, body: termCreateBody, response: { 200: envelope(adminTerm) } } },
    async (request) => ok(await createTerm(ctx, { actorId: actorOf(request), courseId: request.params.id, input: request.body }), adminMessages.created));
  app.put('/terms/:id', { schema: { params: idParams, body: termUpdateBody, response: { 200: envelope(adminTerm) } } },
    async (request) => ok(await updateTerm(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }), adminMessages.saved));
  app.delete('/terms/:id', deleted, async (request) => {
    await deleteTerm(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
  app.post('/terms/:id/image', {
    schema: { params: idParams, consumes: uploadOnly, description: "multipart field 'file': PNG, GIF or JPEG, at most 2 MB", response: { 200: envelope(adminTerm) } },
  }, async (request) => {
    const upload = await readUpload(request, smallFile());
    return ok(await setTermImage(ctx, { actorId: actorOf(request), id: request.params.id, upload }), adminMessages.saved);
  });

  // Subjects (chapters)
  app.get('/terms/:id/subjects', { schema: { params: idParams, response: { 200: envelope(z.array(adminSubject)) } } },
    async (request) => ok(await listSubjects(ctx, request.params.id)));
  app.post('/terms/:id/subjects', {
    schema: {
      params: idParams,
      consumes: multipartOrJson,
      description: 'JSON or multipart: name, about, position, file_type (pdf | video | youtube | link), url for youtube/link, '
        + "and for pdf/video the multipart field 'file' (PDF by %PDF-, MP4 by its ftyp box).",
      response: { 200: envelope(adminSubject) },
    },
  }, async (request) => {
    const { input, file } = await readForm(
      request,
      storedFile(ctx, (source, fields) => receiveChapterFile(ctx, { target: { termId: request.params.id }, fileType: fields.file_type, source })),
      (fields) => parseInput(subjectCreateBody, fields),
    );
    return ok(await createSubject(ctx, { actorId: actorOf(request), termId: request.params.id, input, upload: file }), adminMessages.created);
  });
  app.put('/subjects/:id', {
    schema: { params: idParams, consumes: multipartOrJson, description: 'As POST /admin/terms/{id}/subjects; fields left out stay.', response: { 200: envelope(adminSubject) } },
  }, async (request) => {
    const { input: patch, file } = await readForm(
      request,
      storedFile(ctx, (source, fields) => receiveChapterFile(ctx, { target: { subjectId: request.params.id }, fileType: fields.file_type, source })),
      (fields) => parseInput(subjectUpdateBody, fields),
    );
    return ok(await updateSubject(ctx, { actorId: actorOf(request), id: request.params.id, patch, upload: file }), adminMessages.saved);
  });
  app.delete('/subjects/:id', deleted, async (request) => {
    await deleteSubject(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });

  // Question banks
  app.get('/subjects/:id/questions', { schema: { params: idParams, response: { 200: envelope(z.array(adminQuestion)) } } },
    async (request) => ok(await listQuestions(ctx, request.params.id)));
  app.post('/subjects/:id/questions', { schema: { params: idParams, body: questionBody, response: { 200: envelope(adminQuestion) } } },
    async (request) => ok(await createQuestion(ctx, { actorId: actorOf(request), subjectId: request.params.id, input: request.body }), adminMessages.created));
  app.put('/questions/:id', { schema: { params: idParams, body: questionBody, response: { 200: envelope(adminQuestion) } } },
    async (request) => ok(await updateQuestion(ctx, { actorId: actorOf(request), id: request.params.id, input: request.body }), adminMessages.saved));
  app.delete('/questions/:id', deleted, async (request) => {
    await deleteQuestion(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
  app.post('/subjects/:id/questions/import', {
    schema: {
      params: idParams,
      querystring: importQuery,
      consumes: multipartOrJson,
      description: "CSV with the header question,option_1,…,option_5,correct_option[,explanation]: multipart field 'file', or JSON { csv }. "
        + 'With dry_run=true answers the parsed rows and line-numbered errors and writes nothing; without, inserts every row '
        + 'in one transaction, or answers 422 with the errors and inserts none.',
      response: { 200: envelope(importData) },
    },
  }, async (request) => {
    const { input: fields, file } = await readForm(request, smallFile(PDF_MAX_BYTES));
    const csv = file ? file.toString('utf8') : parseInput(importBody, fields).csv;
    if (!csv.trim()) throw AppError.field('csv', adminMessages.csvRequired);
    const data = await importQuestions(ctx, { actorId: actorOf(request), subjectId: request.params.id, csv, dryRun: request.query.dry_run });
    return ok(data, data.dry_run ? 'Preview' : adminMessages.imported(data.inserted));
  });

  // School: syllabuses, standards, batches
  app.get('/syllabuses', { schema: { response: { 200: envelope(z.array(adminSyllabus)) } } }, async () => ok(await listSyllabuses(ctx)));
  app.post('/syllabuses', { schema: { body: syllabusBody, response: { 200: envelope(adminSyllabus) } } },
    async (request) => ok(await createSyllabus(ctx, { actorId: actorOf(request), name: request.body.name }), adminMessages.created));
  app.put('/syllabuses/:id', { schema: { params: idParams, body: syllabusBody, response: { 200: envelope(adminSyllabus) } } },
    async (request) => ok(await updateSyllabus(ctx, { actorId: actorOf(request), id: request.params.id, name: request.body.name }), adminMessages.saved));
  app.delete('/syllabuses/:id', deleted, async (request) => {
    await deleteSyllabus(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
  app.get('/standards', { schema: { querystring: standardsQuery, response: { 200: envelope(z.array(adminStandard)) } } },
    async (request) => ok(await listStandards(ctx, { syllabusId: request.query.syllabus_id })));
  app.post('/standards', { schema: { body: standardCreateBody, response: { 200: envelope(adminStandard) } } },
    async (request) => ok(await createStandard(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created));
  app.put('/standards/:id', { schema: { params: idParams, body: standardUpdateBody, response: { 200: envelope(adminStandard) } } },
    async (request) => ok(await updateStandard(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }), adminMessages.saved));
  app.delete('/standards/:id', deleted, async (request) => {
    await deleteStandard(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
  app.get('/batches', { schema: { response: { 200: envelope(z.array(adminBatch)) } } }, async () => ok(await listBatches(ctx)));
  app.post('/batches', { schema: { body: batchCreateBody, response: { 200: envelope(adminBatch) } } },
    async (request) => ok(await createBatch(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created));
  app.put('/batches/:id', { schema: { params: idParams, body: batchUpdateBody, response: { 200: envelope(adminBatch) } } },
    async (request) => ok(await updateBatch(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }), adminMessages.saved));
  app.delete('/batches/:id', deleted, async (request) => {
    await deleteBatch(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });

  // Ads
  app.get('/ads', { schema: { response: { 200: envelope(z.array(adminAd)) } } }, async () => ok(await listAds(ctx)));
  app.post('/ads', {
    schema: { consumes: multipartOrJson, description: "JSON { url, is_active } or multipart with the image in 'file' and is_active.", response: { 200: envelope(adminAd) } },
  }, async (request) => {
    const { input, file } = await readForm(request, smallFile(), (fields) => parseInput(adCreateBody, fields));
    return ok(await createAd(ctx, { actorId: actorOf(request), input, upload: file }), adminMessages.created);
  });
  app.put('/ads/:id', {
    schema: { params: idParams, consumes: multipartOrJson, description: 'As POST /admin/ads; fields left out stay.', response: { 200: envelope(adminAd) } },
  }, async (request) => {
    const { input: patch, file } = await readForm(request, smallFile(), (fields) => parseInput(adUpdateBody, fields));
    return ok(await updateAd(ctx, { actorId: actorOf(request), id: request.params.id, patch, upload: file }), adminMessages.saved);
  });
  app.delete('/ads/:id', deleted, async (request) => {
    await deleteAd(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
}
