export {
  assertCourseAccess,
  findCourseAccess,
  findOpenBatchIds,
  holdCourseAccess,
  isBatchOpen,
} from './course-access.ts';
export type { CourseAccess } from './course-access.ts';
export { hasPaidBatch } from './has-paid-batch.ts';
export { isAlreadyOwnedViolation, markPurchasePaid } from './mark-purchase-paid.ts';
export { markPurchaseRefunded, refundEffectsForAudit } from './mark-purchase-refunded.ts';
export type { RefundEffects } from './mark-purchase-refunded.ts';
export {
  assertOfferCodeUsesLeft,
  hasUseLimits,
  lockOfferCode,
  OfferCodeLimitError,
  reservationStart,
} from './offer-code-uses.ts';
export type { OfferCodeLimits, PurchaseItem } from './offer-code-uses.ts';
