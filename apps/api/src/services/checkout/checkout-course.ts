import type { CheckoutData } from '@app/contracts';
import { checkoutMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../accounts/index.ts';
import { findPublishedCourse, toCourseItem } from '../catalogue/index.ts';
import type { PaymentLog } from '../payments/index.ts';
import { findCourseAccess } from '../purchases/index.ts';
import { startCheckout } from './start-checkout.ts';
import { requireMoneyConsent } from '../consent/index.ts';

/**
 * POST /checkout: buys a published catalogue course the learner does not own yet. A school batch's
 * subject is not sold on its own (400): it opens with the batch (POST /first-payment).
 */
export async function checkoutCourse(
  ctx: AppContext,
  options: { user: AuthUser; courseId: number; offerCode: string | null; ip: string; log?: PaymentLog },
): Promise<CheckoutData> {
  const course = await findPublishedCourse(ctx, options.courseId);
  if (course.batchId !== null) throw AppError.badRequest(checkoutMessages.batchSubjectNotSold);
  if (await findCourseAccess(ctx.db, options.user.id, course.id))
    throw AppError.badRequest(checkoutMessages.courseAlreadyBought);
  // A priced course (with or without an offer code) is a purchase; a free course is free content (issue 16).
  if (course.offerPricePaise > 0) await requireMoneyConsent(ctx, { userId: options.user.id });
  return startCheckout(ctx, {
    user: options.user,
    item: {
      kind: 'course',
      courseId: course.id,
      offerPricePaise: course.offerPricePaise,
      display: toCourseItem(course),
    },
    offerCode: options.offerCode,
    ip: options.ip,
    ...(options.log ? { log: options.log } : {}),
  });
}
