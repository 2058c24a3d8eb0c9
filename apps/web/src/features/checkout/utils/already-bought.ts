import { isServerMessage } from '@/lib/server-message';

/**
 * The server's refusal to sell what the learner already holds: 'You have already purchased this course.' or 'You
 * have already paid for your batch.' Met by a free enrolment or a ₹0 batch fee sent again after its answer was lost
 * (decision 061): what the page reads is refreshed, as after a success, and no error is shown.
 */
export const isAlreadyBought = (error: unknown) =>
  isServerMessage(error, 'checkout.courseAlreadyBought', 400) ||
  isServerMessage(error, 'checkout.batchAlreadyPaid', 400);
