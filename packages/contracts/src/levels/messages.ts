/** Level messages the spec leaves open (docs/product/referrals-and-levels.md). */
export const levelMessages = {
  /** GET /level-status before the operator has set up the levels. */
  notConfigured: 'Levels are not configured yet.',
} as const;

/** The default ladder's level names (migration 0002): sent as data, shown translated; an operator's own name stays. */
export const defaultLevelNames = {
  starter: 'Starter',
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
} as const;
