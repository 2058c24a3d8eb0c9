/**
 * Every school query (syllabuses, standards, batches) sits under this key, so a school change in
 * the catalogue refreshes them all, including the batches the offer codes pick from.
 */
export const schoolQueryKey = ['admin', 'school'] as const;
