/** Level messages the spec leaves open (docs/product/referrals-and-levels.md). */
export const levelMessages = {
  /** GET /level-status before the operator has set up the levels. */
  notConfigured: 'Levels are not configured yet.',
} as const;
