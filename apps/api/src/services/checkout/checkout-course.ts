import type { CheckoutData } from '@app/contracts';
import { checkoutMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../accounts/tokens.ts';
import { findPublishedCourse } from '../catalogue/get-course.ts';
import { toCourseItem } from '../catalogue/course-item.ts';
import type { PaymentLog } from '../payments/refund-orphan-payment.ts';
import { findCourseAccess } from '../purchases/course-access.ts';
import { startCheckout } from './start-checkout.ts';

/**
 * POST /checkout: buys a published catalogue course the learner does not own yet. A school batch's
 * subject is not sold on its own (400): it opens with the batch (POST /first-payment).
 */
export async function checkoutCourse(
  ctx: AppContext,
  options: { user: AuthUser; courseId: number; offerCode: string | null; log?: PaymentLog },
): Promise<CheckoutData> {
  const course = await findPublishedCourse(ctx, options.courseId);
  if (course.batchId !== null) throw AppError.badRequest(checkoutMessages.batchSubjectNotSold);
  if (await findCourseAccess(ctx.db, options.user.id, course.id)) throw AppError.badRequest(checkoutMessages.courseAlreadyBought);
  return startCheckout(ctx, {
    user: options.user,
    item: { kind: 'course', courseId: course.id, offerPricePaise: course.offerPricePaise, display: toCourseItem(course) },
    offerCode: options.offerCode,
    ...(options.log ? { log: options.log } : {}),
  });
}
