/** Catalogue messages the spec leaves open. */
export const catalogueMessages = {
  courseNotFound: 'No such course.',
} as const;
