import type { CheckoutData, ProviderPaymentResponse } from '@app/contracts';
import { i18next } from '@/lib/i18n';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The part of Razorpay's checkout.js this app uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: ProviderPaymentResponse) => void;
  modal: { ondismiss: () => void };
  config: { display: RazorpayDisplayConfig };
}

/**
 * Checkout's display configuration (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/configure-payment-methods/):
 * named blocks of instruments, the sequence they show in ('block.<code>'), and whether Checkout's own
 * blocks follow.
 */
interface RazorpayDisplayConfig {
  blocks: Record<string, { name: string; instruments: { method: string }[] }>;
  sequence: string[];
  preferences: { show_default_blocks: boolean };
}

/**
 * UPI first (most Indian payments are UPI), then cards, then netbanking, as the sandbox page
 * offers them and named as it names them, in the learner's language; Checkout's default blocks still follow, so any
 * other method the account has enabled (wallets, EMI) stays available.
 */
function razorpayDisplayConfig(): RazorpayDisplayConfig {
  const name = (method: 'upi' | 'card' | 'netbanking') => i18next.t(`sandboxPage.${method}`, { ns: 'checkout' });
  return {
    blocks: {
      upi: { name: name('upi'), instruments: [{ method: 'upi' }] },
      card: { name: name('card'), instruments: [{ method: 'card' }] },
      netbanking: { name: name('netbanking'), instruments: [{ method: 'netbanking' }] },
    },
    sequence: ['block.upi', 'block.card', 'block.netbanking'],
    preferences: { show_default_blocks: true },
  };
}

interface RazorpayInstance {
  open(): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds checkout.js to the page once. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay
        ? resolve(window.Razorpay)
        : reject(new Error(i18next.t('errors.providerNotLoaded', { ns: 'checkout' })));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error(i18next.t('errors.formNotLoaded', { ns: 'checkout' })));
    };
    document.head.append(script);
  });
  return loading;
}

type RazorpayCallbacks = { success: (response: ProviderPaymentResponse) => void; dismiss: () => void };

/** The options Razorpay's form opens with for the order POST /checkout created. */
export function razorpayOptions(order: CheckoutData, on: RazorpayCallbacks): RazorpayOptions {
  return {
    key: order.key ?? '',
    amount: order.amount,
    currency: order.currency,
    name: order.merchant_name,
    description: order.course.name,
    order_id: order.order_id ?? '',
    prefill: { name: `${order.first_name} ${order.last_name}`.trim(), email: order.email, contact: order.mobile },
    theme: { color: '#3b2fc9' },
    handler: on.success,
    modal: { ondismiss: on.dismiss },
    config: { display: razorpayDisplayConfig() },
  };
}

/** Opens Razorpay's form for the order POST /checkout created. */
export async function openRazorpay(order: CheckoutData, on: RazorpayCallbacks): Promise<void> {
  const Razorpay = await loadRazorpay();
  new Razorpay(razorpayOptions(order, on)).open();
}
