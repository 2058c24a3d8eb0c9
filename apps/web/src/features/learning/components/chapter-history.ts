import type { Location } from 'react-router';

/**
 * What the course page keeps in a history entry's state (docs/product/learning-and-quizzes.md#learn-more): how the
 * chapter in its `?subject=` was opened, or that the entry shows the list without resuming a chapter (one the learner
 * came back to, or where a chapter was closed with no entry to go back to).
 */
export interface CourseEntryState {
  chapterOpenedBy?: 'tap' | 'resume';
  isListOnly?: true;
}

export const courseEntryState = (location: Location): CourseEntryState =>
  location.state && typeof location.state === 'object' ? (location.state as CourseEntryState) : {};
