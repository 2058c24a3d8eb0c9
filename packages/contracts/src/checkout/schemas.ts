import { z } from 'zod';
import { courseItem, courseLanguage } from '../catalogue/schemas.ts';
import { positiveId } from '../common/rules.ts';
import { checkoutMessages } from './messages.ts';

/** An offer code as typed: trimmed, case-insensitive; empty means none. */
export const offerCodeField = z
  .string({ error: checkoutMessages.offerCodeInvalid })
  .trim()
  .max(50, checkoutMessages.offerCodeInvalid)
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

/** GET /fetch-code/{code} */
export const fetchCodeParams = z.object({
  code: z.string().trim().min(1, checkoutMessages.offerCodeInvalid).max(50, checkoutMessages.offerCodeInvalid),
});
/** What the checkout page is buying, so a code that belongs elsewhere (a batch's own code) is refused before Pay Now. */
export const fetchCodeQuery = z.object({
  for: z.enum(['course', 'batch'], { error: checkoutMessages.offerCodeTargetInvalid }).optional(),
});
export type OfferCodeTarget = NonNullable<z.infer<typeof fetchCodeQuery>['for']>;

/**
 * The offer code as the checkout page needs it to run `discountPaise` itself:
 * discount is rupees when fixed, a percentage when not; minimum_amount is rupees.
 */
export const offerCodeData = z.object({
  code: z.string(),
  is_fixed_amount: z.boolean(),
  discount: z.number(),
  minimum_amount: z.number(),
});
export type OfferCodeData = z.infer<typeof offerCodeData>;

/** The API's offer code, back in the paise/basis-points form of `discountPaise`. */
export function offerCodeRuleOf(data: Pick<OfferCodeData, 'is_fixed_amount' | 'discount' | 'minimum_amount'>) {
  return {
    isFixedAmount: data.is_fixed_amount,
    discountValue: Math.round(data.discount * 100),
    minimumAmountPaise: Math.round(data.minimum_amount * 100),
  };
}

/** POST /checkout */
export const checkoutBody = z.object({
  course_id: positiveId(checkoutMessages.courseRequired),
  offer_code: offerCodeField,
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** POST /first-payment: the learner's batch fee. */
export const firstPaymentBody = z.object({ offer_code: offerCodeField }).default({ offer_code: null });
export type FirstPaymentBody = z.input<typeof firstPaymentBody>;

/**
 * POST /checkout and POST /first-payment. With `payment: false` the purchase is already complete
 * (nothing to pay). With `payment: true` open the provider's form with order_id, amount (paise),
 * currency and key: Razorpay's checkout.js when provider is 'razorpay', the page at checkout_url
 * when it is 'sandbox'; then POST /pay-now with what it hands back.
 */
export const checkoutData = z.object({
  payment: z.boolean(),
  purchase_id: z.number(),
  /** What is being bought: a course, or the learner's batch (then `course` describes the batch). */
  item: z.enum(['course', 'batch']),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  /** A batch has no language of its own (its subjects each have theirs): null for a batch. */
  course: courseItem.extend({ language: courseLanguage.nullable() }),
  /** Rupees, computed by the server with the shared discount rule. */
  price: z.number(),
  discount: z.number(),
  payable_amount: z.number(),
  order_id: z.string().nullable(),
  /** Paise, what the provider charges. */
  amount: z.number(),
  currency: z.string(),
  key: z.string().nullable(),
  provider: z.enum(['sandbox', 'razorpay', 'free']),
  /** The merchant name to show on the provider's form. */
  merchant_name: z.string(),
  /** Sandbox only: the provider's checkout page for this order. */
  checkout_url: z.string().nullable(),
});
export type CheckoutData = z.infer<typeof checkoutData>;

/** The provider's order id (order_…), as its checkout hands it back. */
const providerOrderId = z
  .string({ error: checkoutMessages.orderIdRequired })
  .trim()
  .min(1, checkoutMessages.orderIdRequired)
  .max(100, checkoutMessages.orderIdInvalid);

/** POST /pay-now: what the provider's form hands back. */
export const payNowBody = z.object({
  payment_id: z
    .string({ error: checkoutMessages.paymentIdRequired })
    .trim()
    .min(1, checkoutMessages.paymentIdRequired)
    .max(100, checkoutMessages.paymentIdInvalid),
  order_id: providerOrderId,
  signature: z
    .string({ error: checkoutMessages.signatureRequired })
    .trim()
    .min(1, checkoutMessages.signatureRequired)
    .max(200, checkoutMessages.signatureFieldInvalid),
});
export type PayNowBody = z.input<typeof payNowBody>;

export const payNowData = z.object({
  purchase_id: z.number(),
  status: z.literal('paid'),
  course_id: z.number().nullable(),
  batch_id: z.number().nullable(),
});
export type PayNowData = z.infer<typeof payNowData>;

/** How a sandbox payment is made, as Razorpay's payment entity's `method`. */
export const SANDBOX_PAYMENT_METHODS = ['card', 'upi', 'netbanking'] as const;
export type SandboxPaymentMethod = (typeof SANDBOX_PAYMENT_METHODS)[number];

/** A UPI ID (VPA), as Razorpay validates one: `name@bank`. */
export const VPA_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
/** Razorpay's test UPI IDs: the first succeeds, the second fails. Any other well-formed one succeeds in the sandbox. */
export const SANDBOX_VPA_SUCCESS = 'success@razorpay';
export const SANDBOX_VPA_FAILURE = 'failure@razorpay';

/** The sandbox's netbanking banks, by Razorpay's bank codes. */
export const SANDBOX_NETBANKING_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
  { code: 'PUNB', name: 'Punjab National Bank' },
  { code: 'BARB', name: 'Bank of Baroda' },
  { code: 'CNRB', name: 'Canara Bank' },
  { code: 'FDRL', name: 'Federal Bank' },
  { code: 'SIBL', name: 'South Indian Bank' },
] as const;
const bankCodes = SANDBOX_NETBANKING_BANKS.map((b) => b.code) as [string, ...string[]];

/**
 * POST /sandbox/pay (sandbox provider only). `method` defaults to 'card' (the body before UPI and
 * netbanking). Card and netbanking say their `outcome` (the test card, the bank page's Success or
 * Failure button); UPI needs `vpa` and fails for failure@razorpay (or outcome 'failure'), succeeds
 * otherwise. Netbanking needs `bank`.
 */
export const sandboxPayBody = z
  .object({
    order_id: providerOrderId,
    method: z.enum(SANDBOX_PAYMENT_METHODS, { error: checkoutMessages.sandboxMethodInvalid }).default('card'),
    outcome: z.enum(['success', 'failure'], { error: checkoutMessages.sandboxOutcomeInvalid }).optional(),
    vpa: z
      .string({ error: checkoutMessages.sandboxVpaInvalid })
      .trim()
      .regex(VPA_PATTERN, checkoutMessages.sandboxVpaInvalid)
      .optional(),
    bank: z.enum(bankCodes, { error: checkoutMessages.sandboxBankInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'upi' && !body.outcome) {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: checkoutMessages.sandboxOutcomeInvalid });
    }
    if (body.method === 'upi' && !body.vpa)
      ctx.addIssue({ code: 'custom', path: ['vpa'], message: checkoutMessages.sandboxVpaRequired });
    if (body.method === 'netbanking' && !body.bank)
      ctx.addIssue({ code: 'custom', path: ['bank'], message: checkoutMessages.sandboxBankInvalid });
  });
export type SandboxPayBody = z.input<typeof sandboxPayBody>;

/** What Razorpay's checkout hands its handler, and what the sandbox answers alike. */
export const providerPaymentResponse = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type ProviderPaymentResponse = z.infer<typeof providerPaymentResponse>;

/**
 * What the sandbox checkout page posts to the page that opened it (window.opener, else
 * window.parent), with targetOrigin = its own origin. Mirrors checkout.js: `success` is the
 * handler's argument, `failed` is the 'payment.failed' event (the form stays open for another try),
 * `dismiss` is ondismiss.
 */
export const SANDBOX_MESSAGE_SOURCE = 'sandbox-checkout';
export type SandboxCheckoutMessage =
  | { source: typeof SANDBOX_MESSAGE_SOURCE; type: 'success'; order_id: string; response: ProviderPaymentResponse }
  | { source: typeof SANDBOX_MESSAGE_SOURCE; type: 'failed'; order_id: string; error: { description: string } }
  | { source: typeof SANDBOX_MESSAGE_SOURCE; type: 'dismiss'; order_id: string };

/** GET /orders/{order_id}: the order is the purchase_id that POST /checkout and POST /first-payment answer. */
export const orderParams = z.object({
  order_id: positiveId(checkoutMessages.orderInvalid),
});

/** One of the learner's own purchases, as the success page shows it after a reload. */
export const orderData = z.object({
  purchase_id: z.number(),
  /** The provider's order id; null when nothing was paid (a free enrolment has no provider order). */
  order_id: z.string().nullable(),
  item: z.enum(['course', 'batch']),
  /** The course's or the batch's name. */
  name: z.string(),
  course_id: z.number().nullable(),
  batch_id: z.number().nullable(),
  /** Rupees paid (after any offer code). */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded']),
  paid_at: z.string().nullable(),
});
export type OrderData = z.infer<typeof orderData>;
