/** Catalogue messages the spec leaves open. */
export const catalogueMessages = {
  courseNotFound: 'No such course.',
  /** 403 for a course's content without access to it. */
  buyToOpen: 'Buy this course to open it.',
  categoryInvalid: 'Invalid category.',
  languageInvalid: 'Invalid language.',
} as const;
