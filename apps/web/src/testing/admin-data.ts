import type { AdminBatch } from '@app/contracts';

/** A school batch as GET /admin/batches lists it, for the console's tests. */
export const cbseClass8Batch: AdminBatch = {
  id: 5,
  syllabus_id: 1,
  syllabus_name: 'CBSE',
  standard_id: 11,
  standard_name: 'Class 8',
  name: 'CBSE Class 8',
  fee: 499,
  courses_count: 3,
};
