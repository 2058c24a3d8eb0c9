import { fillTemplate } from '../i18n/fill-template.ts';

/** The learning messages with values in them, as templates the catalogues translate (i18n/<lang>/messages.ts). */
export const learningMessageTemplates = {
  watchedSecondsInvalid: 'Watched seconds must be between 0 and {{max}}.',
};

/** Course content and progress messages the spec leaves open (docs/product/learning-and-quizzes.md). */
export const learningMessages = {
  termNotFound: 'No such term.',
  /** A chapter's signed file link (file_url, hls_url) past its expiry, altered, or no longer the learner's. */
  fileLinkInvalid: 'This link is not valid. Open the chapter again from the course.',
  videoNotMarkable: 'A video is done once 90% of it is watched; it cannot be marked as done.',
  subjectRequired: 'Choose a subject.',
  positionInvalid: 'Invalid position.',
  durationInvalid: 'Invalid duration.',
  watchedSecondsInvalid: (max: number) => fillTemplate(learningMessageTemplates.watchedSecondsInvalid, { max }),
  pageInvalid: 'Invalid page.',
  pageCountInvalid: 'Invalid page count.',
  completedInvalid: 'completed can only be true.',
  pageWithoutCount: 'Send page and page_count together.',
  pageAfterLast: 'The page cannot be after the last page.',
} as const;
