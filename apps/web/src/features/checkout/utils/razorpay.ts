import type { CheckoutData, ProviderPaymentResponse } from '@app/contracts';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The part of Razorpay's checkout.js this app uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
interface RazorpayOptions {
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
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load.')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Could not load the payment form. Check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Razorpay's form for the order POST /checkout created. */
export async function openRazorpay(
  order: CheckoutData,
  on: { success: (response: ProviderPaymentResponse) => void; dismiss: () => void },
): Promise<void> {
  const Razorpay = await loadRazorpay();
  new Razorpay({
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
  }).open();
}
