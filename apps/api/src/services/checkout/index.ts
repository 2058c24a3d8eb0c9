export { checkoutCourse } from './checkout-course.ts';
export { fetchOfferCode } from './fetch-offer-code.ts';
export { getOrder } from './get-order.ts';
export { payBatchFee } from './pay-batch-fee.ts';
