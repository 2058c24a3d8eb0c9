import { checkoutMessages, paiseToRupees, type CheckoutData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../accounts/index.ts';
import { findOwnBatch } from '../onboarding/index.ts';
import type { PaymentLog } from '../payments/index.ts';
import { hasPaidBatch } from '../purchases/index.ts';
import { startCheckout } from './start-checkout.ts';

/**
 * POST /first-payment: the fee of the learner's batch (their syllabus + standard), through the same
 * checkout and payment path as a course. Paying it opens every subject course of the batch.
 */
export async function payBatchFee(
  ctx: AppContext,
  options: { user: AuthUser; offerCode: string | null; ip: string; log?: PaymentLog },
): Promise<CheckoutData> {
  const { user } = options;
  const batch = await findOwnBatch(ctx.db, user);
  if (!batch) throw AppError.badRequest(checkoutMessages.noBatch);
  if (batch.feePaise <= 0) throw AppError.badRequest(checkoutMessages.batchHasNoFee);
  if (await hasPaidBatch(ctx.db, user.id, batch.id)) throw AppError.badRequest(checkoutMessages.batchAlreadyPaid);

  const fee = paiseToRupees(batch.feePaise);
  return startCheckout(ctx, {
    user,
    item: {
      kind: 'batch',
      batchId: batch.id,
      offerPricePaise: batch.feePaise,
      display: {
        id: batch.id,
        name: batch.name,
        photo_path: null,
        price: fee,
        offer_price: fee,
        about: `${batch.syllabus.name}, ${batch.standard.name}`,
        video_path: null,
        category_id: null,
        language: null,
      },
    },
    offerCode: options.offerCode,
    ip: options.ip,
    ...(options.log ? { log: options.log } : {}),
  });
}
