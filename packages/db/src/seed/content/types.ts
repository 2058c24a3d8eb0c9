/** The shapes the demo content is written in; seed/index.ts turns them into rows. */

export interface SeedQuestion {
  question: string;
  /** 2 to 5 options, in the order the learner sees them. */
  options: string[];
  /** 1-based index into `options`. */
  correctOption: number;
  /** Why the answer is right, shown with the result. */
  explanation?: string;
}

/** A chapter's file: pdf and video name a file in seed/assets, youtube and link carry the URL. */
export type ChapterFile =
  | { type: 'pdf'; asset: string }
  | { type: 'video'; asset: string }
  | { type: 'youtube'; url: string }
  | { type: 'link'; url: string };

/** One chapter's content and question bank; a topic may appear in more than one course. */
export interface SeedTopic {
  name: string;
  about: string;
  file: ChapterFile;
  questions: SeedQuestion[];
}

export interface SeedTerm {
  name: string;
  about: string;
  subjects: SeedTopic[];
}

export interface SeedCourse {
  slug: string;
  name: string;
  category: string;
  about: string;
  pricePaise: number;
  offerPricePaise: number;
  /** Shows the shipped demo video behind 'Play Demo'. */
  hasDemoVideo: boolean;
  /** A school batch's subject course (`data.school`) instead of the open catalogue. */
  batch?: { syllabus: string; standard: number };
  terms: SeedTerm[];
}

/** The shipped chapter video, also used as the demo video of some courses. */
export const DEMO_VIDEO_ASSET = 'chapter-intro.mp4';

/**
 * A question whose correct answer goes among the wrong ones at a position drawn from the
 * question text, so answers are spread over the options yet the seed stays reproducible.
 */
export function q(question: string, correct: string, wrong: string[], explanation?: string): SeedQuestion {
  let hash = 0;
  for (const char of question) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const position = hash % (wrong.length + 1);
  const options = [...wrong];
  options.splice(position, 0, correct);
  return { question, options, correctOption: position + 1, ...(explanation ? { explanation } : {}) };
}
