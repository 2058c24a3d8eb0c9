export { addClass } from './add-class.ts';
export { findOwnBatch, getBatch, getMyBatch } from './get-batch.ts';
export { getMasterData } from './get-master-data.ts';
export { listStandards, listSyllabuses } from './list-syllabuses.ts';
