export { activationInstant, addActivationCount, advanceLevel } from './advance-level.ts';
export { getLevelStatus } from './get-level-status.ts';
export {
  COUNTED_REFERRAL_STATUSES,
  countedSubUsers,
  levelByNumber,
  levelStateOf,
  loadLadder,
  notCountedForAnotherLevel,
} from './level-data.ts';
export type { Ladder, LevelRow } from './level-data.ts';
