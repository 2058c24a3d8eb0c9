/**
 * The languages a course is taught in (courses.language), and their names on screen. Apart from the
 * schemas, so a page that only lists these (the course filter) does not load Zod.
 */
export const COURSE_LANGUAGES = ['en', 'hi', 'ml'] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const courseLanguageNames: Record<CourseLanguage, string> = { en: 'English', hi: 'Hindi', ml: 'Malayalam' };
