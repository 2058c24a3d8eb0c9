import type { BatchData } from '@app/contracts';

/** 'CBSE, Standard 10': the batch as the learner picked it on Choose My Batch. */
export const batchLabel = (batch: Pick<BatchData, 'syllabus' | 'standard'>) =>
  `${batch.syllabus.name}, ${batch.standard.name}`;
