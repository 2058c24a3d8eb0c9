import type { Db } from '@app/db';
import type { Env } from '../../env.ts';
import { createRazorpayProvider } from './create-razorpay-provider.ts';
import { createSandboxProvider } from './create-sandbox-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The configured provider: sandbox by default, Razorpay with PAYMENT_PROVIDER=razorpay and its keys. */
export function createPaymentProvider(options: {
  env: Env;
  db: Db;
  fetch?: typeof fetch;
  /** The app's clock, which times the sandbox's payments. */
  now?: () => Date;
}): PaymentProvider {
  const { env } = options;
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    return createRazorpayProvider({
      apiUrl: env.RAZORPAY_API_URL,
      keyId: env.RAZORPAY_KEY_ID ?? '',
      keySecret: env.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      fetch: options.fetch,
    });
  }
  return createSandboxProvider({
    db: options.db,
    appSecret: env.APP_SECRET,
    ...(options.now ? { now: options.now } : {}),
  });
}
