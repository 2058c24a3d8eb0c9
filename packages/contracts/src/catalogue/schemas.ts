import { z } from 'zod';

const id = z.coerce.number({ error: 'Invalid id.' }).int('Invalid id.').positive('Invalid id.').max(2_147_483_647, 'Invalid id.');

/** GET /category item. */
export const categoryItem = z.object({ id: z.number(), name: z.string() });
export type CategoryItem = z.infer<typeof categoryItem>;

/**
 * A course as the Courses page shows it (spec section 3). Prices are rupees with two decimals;
 * photo_path and video_path are absolute paths (`/media/…`), http(s) URLs, or null.
 */
export const courseItem = z.object({
  id: z.number(),
  name: z.string(),
  photo_path: z.string().nullable(),
  price: z.number(),
  offer_price: z.number(),
  about: z.string(),
  video_path: z.string().nullable(),
  category_id: z.number().nullable(),
});
export type CourseItem = z.infer<typeof courseItem>;

/** GET /course: the open catalogue and the learner's school batch subjects. */
export const courseListData = z.object({
  course: z.array(courseItem),
  school: z.array(courseItem),
});
export type CourseListData = z.infer<typeof courseListData>;

/** GET /course/{id}, GET /terms/{courseId}, GET /progress/{courseId} */
export const courseIdParams = z.object({ id: id });

/**
 * POST /course body: `category` is a category id; 0, null, '' or 'all' (any case) mean every category.
 */
export const courseFilterBody = z.object({
  category: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || (typeof v === 'string' && v.trim().toLowerCase() === 'all') ? 0 : v),
    z.coerce.number({ error: 'Invalid category.' }).int('Invalid category.').min(0, 'Invalid category.').max(2_147_483_647, 'Invalid category.'),
  ),
});
export type CourseFilterBody = z.input<typeof courseFilterBody>;

/** GET /ads: the banner; url is null when no ad is running. */
export const adData = z.object({ url: z.string().nullable() });
export type AdData = z.infer<typeof adData>;
