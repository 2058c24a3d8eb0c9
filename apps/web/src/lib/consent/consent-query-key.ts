/** The cache key of GET /consent (features/consent), which saving a date of birth (onboarding, consent) updates. */
export const consentQueryKey = ['consent'] as const;
