import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/index.ts';
import { onboardingRoutes } from './onboarding/index.ts';
import { quizRoutes } from './quiz/index.ts';
import { certificateRoutes } from './certificates/index.ts';
import { referralRoutes } from './referrals/index.ts';
import { walletRoutes } from './wallet/index.ts';
import { profileRoutes } from './profile/index.ts';
import { catalogueRoutes } from './catalogue/index.ts';
import { checkoutRoutes } from './checkout/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { learningRoutes } from './learning/index.ts';
import { purchaseRoutes } from './purchases/index.ts';
import { adminRoutes } from './admin/index.ts';
import { consentRoutes } from './consent/index.ts';
import { legalRoutes } from './legal/index.ts';

/** Every route of the spec's API, mounted under /live-connect/api. One line per feature. */
export async function apiRoutes(app: FastifyInstance) {
  void app;
  await app.register(accountRoutes);
  await app.register(onboardingRoutes);
  await app.register(quizRoutes);
  await app.register(certificateRoutes);
  await app.register(referralRoutes);
  await app.register(walletRoutes);
  await app.register(profileRoutes);
  await app.register(catalogueRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentRoutes);
  await app.register(learningRoutes);
  await app.register(purchaseRoutes);
  await app.register(adminRoutes);
  await app.register(consentRoutes);
  await app.register(legalRoutes);
}
