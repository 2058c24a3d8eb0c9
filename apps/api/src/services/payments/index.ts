export { createPaymentProvider } from './create-payment-provider.ts';
export type { SandboxProvider } from './create-sandbox-provider.ts';
export { handleWebhook } from './handle-webhook.ts';
export { payNow } from './pay-now.ts';
export { PaymentProviderError } from './payment-provider.ts';
export type { PaymentProvider } from './payment-provider.ts';
export { reconcileJob } from './reconcile-job.ts';
export { claimRefund, dropFreshClaim, refundClaimed } from './refund-claim.ts';
export type { PaymentLog } from './refund-orphan-payment.ts';
