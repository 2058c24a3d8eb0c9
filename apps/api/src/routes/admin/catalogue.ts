import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adCreateBody,
  adminAd,
  adminBatch,
  adminCategory,
  adminCourse,
  adminMessages,
  adminQuestion,
  adminStandard,
  adminSubject,
  adminSyllabus,
  adminTerm,
  adUpdateBody,
  batchCreateBody,
  batchUpdateBody,
  categoryBody,
  courseCreateBody,
  coursesQuery,
  courseUpdateBody,
  envelope,
  idParams,
  importBody,
  importData,
  importQuery,
  paged,
  questionBody,
  standardCreateBody,
  standardsQuery,
  standardUpdateBody,
  subjectCreateBody,
  subjectUpdateBody,
  syllabusBody,
  termCreateBody,
  termUpdateBody,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import {
  createAd,
  deleteAd,
  listAds,
  updateAd,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
  createCourse,
  deleteCourse,
  getAdminCourse,
  listAdminCourses,
  receiveCourseVideo,
  setCourseImage,
  setCourseVideo,
  updateCourse,
  importQuestions,
  createQuestion,
  deleteQuestion,
  listQuestions,
  updateQuestion,
  createBatch,
  createStandard,
  createSyllabus,
  deleteBatch,
  deleteStandard,
  deleteSyllabus,
  listBatches,
  listStandards,
  listSyllabuses,
  updateBatch,
  updateStandard,
  updateSyllabus,
  createSubject,
  deleteSubject,
  listSubjects,
  receiveChapterFile,
  updateSubject,
  createTerm,
  deleteTerm,
  listTerms,
  setTermImage,
  updateTerm,
  parseInput,
  deleteOwnFile,
  PDF_MAX_BYTES,
  type StoredUpload,
} from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';
import { deleteRoute } from './delete-route.ts';
import { readForm, readUpload, smallFile, type FileSink } from './read-form.ts';

const multipartOrJson = ['application/json', 'multipart/form-data'];
const uploadOnly = ['multipart/form-data'];

/** A sink that streams the file to storage; a stored file the request then fails on is deleted. */
const storedFile = (ctx: AppContext, receive: FileSink<StoredUpload>['receive']): FileSink<StoredUpload> => ({
  receive,
  discard: (upload) => deleteOwnFile(ctx, upload.key),
});

/** Catalogue authoring: categories, courses (image, demo video), terms, chapters, question banks, school, ads. */
export async function adminCatalogueRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Categories
  app.get(
    '/categories',
    { schema: { summary: 'Every category', response: { 200: envelope(z.array(adminCategory)) } } },
    async () => ok(await listCategories(ctx)),
  );
  app.post(
    '/categories',
    { schema: { summary: 'Creates a category', body: categoryBody, response: { 200: envelope(adminCategory) } } },
    async (request) =>
      ok(await createCategory(ctx, { actorId: actorOf(request), name: request.body.name }), adminMessages.created),
  );
  app.put(
    '/categories/:id',
    {
      schema: {
        summary: 'Renames a category',
        params: idParams,
        body: categoryBody,
        response: { 200: envelope(adminCategory) },
      },
    },
    async (request) =>
      ok(
        await updateCategory(ctx, { actorId: actorOf(request), id: request.params.id, name: request.body.name }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/categories/:id', summary: 'Deletes a category', remove: deleteCategory });

  // Courses
  app.get(
    '/courses',
    {
      schema: {
        summary: 'A page of courses, searched and filtered',
        querystring: coursesQuery,
        response: { 200: envelope(paged(adminCourse)) },
      },
    },
    async (request) => {
      const { q, category_id: categoryId, is_published: isPublished, page, per_page: perPage } = request.query;
      return ok(await listAdminCourses(ctx, { q, categoryId, isPublished, page, perPage }));
    },
  );
  app.get(
    '/courses/:id',
    { schema: { summary: 'One course', params: idParams, response: { 200: envelope(adminCourse) } } },
    async (request) => ok(await getAdminCourse(ctx, request.params.id)),
  );
  app.post(
    '/courses',
    { schema: { summary: 'Creates a course', body: courseCreateBody, response: { 200: envelope(adminCourse) } } },
    async (request) =>
      ok(await createCourse(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created),
  );
  app.put(
    '/courses/:id',
    {
      schema: {
        summary: 'Updates a course (fields left out stay)',
        params: idParams,
        body: courseUpdateBody,
        response: { 200: envelope(adminCourse) },
      },
    },
    async (request) =>
      ok(
        await updateCourse(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/courses/:id', summary: 'Deletes a course', remove: deleteCourse });
  app.post(
    '/courses/:id/image',
    {
      schema: {
        summary: "Sets a course's image",
        params: idParams,
        consumes: uploadOnly,
        upload: { file: 'PNG, GIF or JPEG, at most 2 MB' },
        response: { 200: envelope(adminCourse) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, smallFile());
      return ok(
        await setCourseImage(ctx, { actorId: actorOf(request), id: request.params.id, upload }),
        adminMessages.saved,
      );
    },
  );
  app.post(
    '/courses/:id/video',
    {
      schema: {
        summary: "Sets a course's demo video",
        params: idParams,
        consumes: uploadOnly,
        upload: { file: 'The demo video, MP4' },
        response: { 200: envelope(adminCourse) },
      },
    },
    async (request) => {
      const upload = await readUpload(
        request,
        storedFile(ctx, (source) => receiveCourseVideo(ctx, { id: request.params.id, source })),
      );
      return ok(
        await setCourseVideo(ctx, { actorId: actorOf(request), id: request.params.id, upload }),
        adminMessages.saved,
      );
    },
  );

  // Terms
  app.get(
    '/courses/:id/terms',
    { schema: { summary: "A course's terms", params: idParams, response: { 200: envelope(z.array(adminTerm)) } } },
    async (request) => ok(await listTerms(ctx, request.params.id)),
  );
  app.post(
    '/courses/:id/terms',
    {
      schema: {
        summary: 'Adds a term to a course',
        params: idParams,
        body: termCreateBody,
        response: { 200: envelope(adminTerm) },
      },
    },
    async (request) =>
      ok(
        await createTerm(ctx, { actorId: actorOf(request), courseId: request.params.id, input: request.body }),
        adminMessages.created,
      ),
  );
  app.put(
    '/terms/:id',
    {
      schema: {
        summary: 'Updates a term (fields left out stay)',
        params: idParams,
        body: termUpdateBody,
        response: { 200: envelope(adminTerm) },
      },
    },
    async (request) =>
      ok(
        await updateTerm(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/terms/:id', summary: 'Deletes a term', remove: deleteTerm });
  app.post(
    '/terms/:id/image',
    {
      schema: {
        summary: "Sets a term's image",
        params: idParams,
        consumes: uploadOnly,
        upload: { file: 'PNG, GIF or JPEG, at most 2 MB' },
        response: { 200: envelope(adminTerm) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, smallFile());
      return ok(
        await setTermImage(ctx, { actorId: actorOf(request), id: request.params.id, upload }),
        adminMessages.saved,
      );
    },
  );

  // Subjects (chapters)
  app.get(
    '/terms/:id/subjects',
    { schema: { summary: "A term's chapters", params: idParams, response: { 200: envelope(z.array(adminSubject)) } } },
    async (request) => ok(await listSubjects(ctx, request.params.id)),
  );
  app.post(
    '/terms/:id/subjects',
    {
      schema: {
        summary: 'Adds a chapter to a term: a PDF or video upload, a YouTube video or a link',
        params: idParams,
        consumes: multipartOrJson,
        upload: { file: 'For pdf and video: the PDF, or the MP4', fields: subjectCreateBody },
        description:
          'JSON or multipart: name, about, position, file_type (pdf | video | youtube | link), url for youtube/link, ' +
          "and for pdf/video the multipart field 'file' (PDF by %PDF-, MP4 by its ftyp box).",
        response: { 200: envelope(adminSubject) },
      },
    },
    async (request) => {
      const { input, file } = await readForm(
        request,
        storedFile(ctx, (source, fields) =>
          receiveChapterFile(ctx, { target: { termId: request.params.id }, fileType: fields.file_type, source }),
        ),
        (fields) => parseInput(subjectCreateBody, fields),
      );
      return ok(
        await createSubject(ctx, { actorId: actorOf(request), termId: request.params.id, input, upload: file }),
        adminMessages.created,
      );
    },
  );
  app.put(
    '/subjects/:id',
    {
      schema: {
        summary: 'Updates a chapter, or replaces its file',
        params: idParams,
        consumes: multipartOrJson,
        upload: { file: 'For pdf and video: the new PDF, or the new MP4', fields: subjectUpdateBody },
        description: 'As POST /admin/terms/{id}/subjects; fields left out stay.',
        response: { 200: envelope(adminSubject) },
      },
    },
    async (request) => {
      const { input: patch, file } = await readForm(
        request,
        storedFile(ctx, (source, fields) =>
          receiveChapterFile(ctx, { target: { subjectId: request.params.id }, fileType: fields.file_type, source }),
        ),
        (fields) => parseInput(subjectUpdateBody, fields),
      );
      return ok(
        await updateSubject(ctx, { actorId: actorOf(request), id: request.params.id, patch, upload: file }),
        adminMessages.saved,
      );
    },
  );
  deleteRoute(fastify, { url: '/subjects/:id', summary: 'Deletes a chapter', remove: deleteSubject });

  // Question banks
  app.get(
    '/subjects/:id/questions',
    {
      schema: {
        summary: "A chapter's quiz questions",
        params: idParams,
        response: { 200: envelope(z.array(adminQuestion)) },
      },
    },
    async (request) => ok(await listQuestions(ctx, request.params.id)),
  );
  app.post(
    '/subjects/:id/questions',
    {
      schema: {
        summary: "Adds a question to a chapter's quiz",
        params: idParams,
        body: questionBody,
        response: { 200: envelope(adminQuestion) },
      },
    },
    async (request) =>
      ok(
        await createQuestion(ctx, { actorId: actorOf(request), subjectId: request.params.id, input: request.body }),
        adminMessages.created,
      ),
  );
  app.put(
    '/questions/:id',
    {
      schema: {
        summary: 'Replaces a question',
        params: idParams,
        body: questionBody,
        response: { 200: envelope(adminQuestion) },
      },
    },
    async (request) =>
      ok(
        await updateQuestion(ctx, { actorId: actorOf(request), id: request.params.id, input: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/questions/:id', summary: 'Deletes a question', remove: deleteQuestion });
  app.post(
    '/subjects/:id/questions/import',
    {
      schema: {
        summary: 'Imports quiz questions from CSV into a chapter, or previews them (dry_run)',
        params: idParams,
        querystring: importQuery,
        consumes: multipartOrJson,
        upload: { file: 'The CSV file', json: importBody },
        description:
          "CSV with the header question,option_1,…,option_5,correct_option[,explanation]: multipart field 'file', or JSON { csv }. " +
          'With dry_run=true answers the parsed rows and line-numbered errors and writes nothing; without, inserts every row ' +
          'in one transaction, or answers 422 with the errors and inserts none.',
        response: { 200: envelope(importData) },
      },
    },
    async (request) => {
      const { input: fields, file } = await readForm(request, smallFile(PDF_MAX_BYTES));
      const csv = file ? file.toString('utf8') : parseInput(importBody, fields).csv;
      if (!csv.trim()) throw AppError.field('csv', adminMessages.csvRequired);
      const data = await importQuestions(ctx, {
        actorId: actorOf(request),
        subjectId: request.params.id,
        csv,
        dryRun: request.query.dry_run,
      });
      return ok(data, data.dry_run ? 'Preview' : adminMessages.imported(data.inserted));
    },
  );

  // School: syllabuses, standards, batches
  app.get(
    '/syllabuses',
    { schema: { summary: 'Every syllabus', response: { 200: envelope(z.array(adminSyllabus)) } } },
    async () => ok(await listSyllabuses(ctx)),
  );
  app.post(
    '/syllabuses',
    { schema: { summary: 'Creates a syllabus', body: syllabusBody, response: { 200: envelope(adminSyllabus) } } },
    async (request) =>
      ok(await createSyllabus(ctx, { actorId: actorOf(request), name: request.body.name }), adminMessages.created),
  );
  app.put(
    '/syllabuses/:id',
    {
      schema: {
        summary: 'Renames a syllabus',
        params: idParams,
        body: syllabusBody,
        response: { 200: envelope(adminSyllabus) },
      },
    },
    async (request) =>
      ok(
        await updateSyllabus(ctx, { actorId: actorOf(request), id: request.params.id, name: request.body.name }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/syllabuses/:id', summary: 'Deletes a syllabus', remove: deleteSyllabus });
  app.get(
    '/standards',
    {
      schema: {
        summary: 'The standards, of one syllabus or all',
        querystring: standardsQuery,
        response: { 200: envelope(z.array(adminStandard)) },
      },
    },
    async (request) => ok(await listStandards(ctx, { syllabusId: request.query.syllabus_id })),
  );
  app.post(
    '/standards',
    { schema: { summary: 'Creates a standard', body: standardCreateBody, response: { 200: envelope(adminStandard) } } },
    async (request) =>
      ok(await createStandard(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created),
  );
  app.put(
    '/standards/:id',
    {
      schema: {
        summary: 'Updates a standard (fields left out stay)',
        params: idParams,
        body: standardUpdateBody,
        response: { 200: envelope(adminStandard) },
      },
    },
    async (request) =>
      ok(
        await updateStandard(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/standards/:id', summary: 'Deletes a standard', remove: deleteStandard });
  app.get(
    '/batches',
    { schema: { summary: 'Every batch', response: { 200: envelope(z.array(adminBatch)) } } },
    async () => ok(await listBatches(ctx)),
  );
  app.post(
    '/batches',
    { schema: { summary: 'Creates a batch', body: batchCreateBody, response: { 200: envelope(adminBatch) } } },
    async (request) =>
      ok(await createBatch(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created),
  );
  app.put(
    '/batches/:id',
    {
      schema: {
        summary: 'Updates a batch (fields left out stay)',
        params: idParams,
        body: batchUpdateBody,
        response: { 200: envelope(adminBatch) },
      },
    },
    async (request) =>
      ok(
        await updateBatch(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/batches/:id', summary: 'Deletes a batch', remove: deleteBatch });

  // Ads
  app.get(
    '/ads',
    { schema: { summary: 'Every dashboard banner', response: { 200: envelope(z.array(adminAd)) } } },
    async () => ok(await listAds(ctx)),
  );
  app.post(
    '/ads',
    {
      schema: {
        summary: 'Creates a dashboard banner from an image upload or an image URL',
        consumes: multipartOrJson,
        upload: { file: 'The image: PNG, GIF or JPEG, at most 2 MB', fields: adCreateBody },
        description: "JSON { url, is_active } or multipart with the image in 'file' and is_active.",
        response: { 200: envelope(adminAd) },
      },
    },
    async (request) => {
      const { input, file } = await readForm(request, smallFile(), (fields) => parseInput(adCreateBody, fields));
      return ok(await createAd(ctx, { actorId: actorOf(request), input, upload: file }), adminMessages.created);
    },
  );
  app.put(
    '/ads/:id',
    {
      schema: {
        summary: 'Updates a dashboard banner, or replaces its image',
        params: idParams,
        consumes: multipartOrJson,
        upload: { file: 'The new image: PNG, GIF or JPEG, at most 2 MB', fields: adUpdateBody },
        description: 'As POST /admin/ads; fields left out stay.',
        response: { 200: envelope(adminAd) },
      },
    },
    async (request) => {
      const { input: patch, file } = await readForm(request, smallFile(), (fields) => parseInput(adUpdateBody, fields));
      return ok(
        await updateAd(ctx, { actorId: actorOf(request), id: request.params.id, patch, upload: file }),
        adminMessages.saved,
      );
    },
  );
  deleteRoute(fastify, { url: '/ads/:id', summary: 'Deletes a dashboard banner', remove: deleteAd });
}
