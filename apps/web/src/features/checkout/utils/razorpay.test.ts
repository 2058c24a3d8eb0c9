import { applyLanguage } from '@/lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutData } from '@app/contracts';
import { razorpayOptions } from './razorpay';

const order: CheckoutData = {
  payment: true,
  purchase_id: 7,
  item: 'course',
  first_name: 'Asha',
  last_name: 'Kumar',
  mobile: '9876543210',
  email: 'asha@example.com',
  course: {
    id: 3,
    name: 'Foundations of Mathematics',
    photo_path: null,
    price: 999,
    offer_price: 499,
    about: '',
    video_path: null,
    category_id: null,
    language: null,
  },
  price: 499,
  discount: 49.9,
  payable_amount: 449.1,
  order_id: 'order_AAAAAAAAAAAAAA',
  amount: 44_910,
  currency: 'INR',
  key: 'rzp_test_key',
  provider: 'razorpay',
  merchant_name: 'Live Connect',
  checkout_url: null,
};

describe('razorpayOptions', () => {
  it('keeps the order, prefill and callbacks', () => {
    const success = vi.fn();
    const dismiss = vi.fn();
    const options = razorpayOptions(order, { success, dismiss });
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      amount: 44_910,
      currency: 'INR',
      name: 'Live Connect',
      description: 'Foundations of Mathematics',
      order_id: 'order_AAAAAAAAAAAAAA',
      prefill: { name: 'Asha Kumar', email: 'asha@example.com', contact: '9876543210' },
      theme: { color: '#3b2fc9' },
    });
    options.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_AAAAAAAAAAAAAA',
      razorpay_signature: 'sig',
    });
    expect(success).toHaveBeenCalledOnce();
    options.modal.ondismiss();
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it("shows UPI first, then cards, then netbanking, with Checkout's other blocks after them", () => {
    const { display } = razorpayOptions(order, { success: vi.fn(), dismiss: vi.fn() }).config;
    const methods = display.sequence.map((entry) => {
      const block = display.blocks[entry.replace(/^block\./, '')];
      expect(block, entry).toBeDefined();
      return block!.instruments.map((i) => i.method);
    });
    expect(methods).toEqual([['upi'], ['card'], ['netbanking']]);
    expect(display.preferences.show_default_blocks).toBe(true);
  });

  it('names the blocks in the learner’s language, as the sandbox page does', async () => {
    await applyLanguage('hi');
    try {
      const { display } = razorpayOptions(order, { success: vi.fn(), dismiss: vi.fn() }).config;
      expect(Object.values(display.blocks).map((block) => block.name)).toEqual(['UPI', 'कार्ड', 'नेटबैंकिंग']);
    } finally {
      await applyLanguage('en');
    }
  });
});
