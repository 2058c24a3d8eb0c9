export { BANNER_HINT_TTL_MS, createBannerHint, getAd } from './get-ad.ts';
export { findPublishedCourse, getCourse } from './get-course.ts';
export { getCurriculum } from './get-curriculum.ts';
export { listCategories } from './list-categories.ts';
export { filterCourses, listCourses } from './list-courses.ts';
export { mediaPath } from './media-path.ts';
export { openMediaFile } from './open-media-file.ts';
export { courseItemColumns, toCourseItem } from './to-course-item.ts';
