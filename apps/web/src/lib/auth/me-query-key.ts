/** The cache key of GET /me. */
export const meQueryKey = ['me'] as const;
