export { ORPHAN_REASONS } from './confirm-payment.ts';
export { createPaymentProvider } from './create-payment-provider.ts';
export type { SandboxProvider } from './create-sandbox-provider.ts';
export { handleWebhook } from './handle-webhook.ts';
export { payNow } from './pay-now.ts';
export { PaymentProviderError } from './payment-provider.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { reconcileJob } from './reconcile-job.ts';
export { settleClosedOrder } from './settle-closed-order.ts';
export { claimRefund, dropFreshClaim, PURCHASE_REFUND_REASONS, refundClaimed } from './refund-claim.ts';
export type { PaymentLog } from './refund-orphan-payment.ts';
export {
  DISPUTE_AFTER_REFUND,
  DISPUTE_OPENED,
  openDisputeOf,
  openDisputeOn,
  settleDisputeEndedAtProvider,
} from './disputes.ts';
