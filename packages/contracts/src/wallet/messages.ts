import { fillTemplate } from '../i18n/fill-template.ts';

/** The wallet messages with values in them, as templates the catalogues translate (i18n/<lang>/messages.ts). */
export const walletMessageTemplates = {
  amountBelowMinimum: 'The minimum withdrawal is {{minimum}}.',
};

/** Wallet messages the spec leaves open (docs/product/wallet-and-withdrawals.md). 'redeemed' and 'Please fill account details' are in common/messages.ts. */
export const walletMessages = {
  pointRequired: 'Enter the points to redeem.',
  pointInvalid: 'Points must be a whole number of at least 1.',
  pointAboveHeld: 'You cannot redeem more points than you hold.',
  amountRequired: 'Enter the amount to withdraw.',
  amountInvalid: 'Enter a valid amount in rupees (at most two decimals).',
  amountAboveBalance: 'The amount is more than your balance.',
  /** Followed by the minimum, e.g. 'The minimum withdrawal is ₹100.00.' */
  amountBelowMinimum: (minimum: string) => fillTemplate(walletMessageTemplates.amountBelowMinimum, { minimum }),
  insufficientBalance: 'Insufficient balance.',
  insufficientPoints: 'Insufficient points.',
  withdrawRequested: 'Withdrawal requested. It will be paid to your bank account after review.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInFlight: 'A request with this Idempotency-Key is still being processed.',
} as const;
