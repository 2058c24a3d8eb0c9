export { getContinue } from './get-continue.ts';
export { listLearning } from './list-learning.ts';
export { listTermSubjects } from './list-term-subjects.ts';
export { listTerms } from './list-terms.ts';
export { openHlsFile } from './open-hls-file.ts';
export { openSubjectFile } from './open-subject-file.ts';
export { getProgress, recordProgress } from './record-progress.ts';
