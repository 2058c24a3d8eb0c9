import type { LevelStatusData } from '@app/contracts';

/** GET /level-status for the tests: part-way through level 2 (Bronze), one of three sub-users counted. */
export const levelStatus = (overrides: Partial<LevelStatusData> = {}): LevelStatusData => ({
  level_number: 2,
  level_name: 'Bronze',
  level_start: '2025-01-01',
  level_end: '2025-03-01',
  level_days: 60,
  difference: 42,
  node: 3,
  completed_node: 1,
  completed_users: ['Ravi Kumar'],
  progress_percent: 33.33,
  is_completed: false,
  ...overrides,
});
