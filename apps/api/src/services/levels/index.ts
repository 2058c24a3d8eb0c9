export { activationInstant, addActivationCount, advanceLevel, countedLevelAt } from './advance-level.ts';
export { getLevelStatus } from './get-level-status.ts';
export {
  COUNTED_REFERRAL_STATUSES,
  countedSubUsers,
  levelByNumber,
  levelStateOf,
  loadLadder,
  loadLevels,
} from './level-data.ts';
export type { Ladder, LevelRow } from './level-data.ts';
