/**
 * The sandbox checkout page's behaviour, served as /sandbox/checkout.js.
 *
 * Message contract (window.postMessage to window.opener, else window.parent; targetOrigin is this
 * page's own origin, which is the app's):
 *   { source: 'sandbox-checkout', type: 'success', order_id, response: { razorpay_payment_id, razorpay_order_id, razorpay_signature } }
 *       like checkout.js's handler(response): POST /pay-now with { payment_id, order_id, signature }.
 *   { source: 'sandbox-checkout', type: 'failed', order_id, error: { description } }
 *       like the 'payment.failed' event; the form stays open for another card.
 *   { source: 'sandbox-checkout', type: 'dismiss', order_id }
 *       like ondismiss (Cancel, or Close on a paid/expired order).
 * A popup closes itself after success or dismiss. With ?return_url=/path the page instead goes to
 * /path?razorpay_payment_id=…&razorpay_order_id=…&razorpay_signature=… (success) or
 * /path?sandbox_status=dismissed&order_id=… (dismiss).
 */
export const SANDBOX_CHECKOUT_SCRIPT = `(() => {
  'use strict';
  const form = document.getElementById('sandbox-card-form');
  if (!form) return;
  const orderId = form.dataset.orderId || '';
  const returnUrl = form.dataset.returnUrl || '';
  const errorBox = document.getElementById('sandbox-error');
  const payButton = document.getElementById('sandbox-pay');
  const cancelButton = document.getElementById('sandbox-cancel');
  const SUCCEEDS = '4111111111111111';
  const DECLINED = '4000000000000002';

  const target = window.opener && !window.opener.closed ? window.opener : window.parent !== window ? window.parent : null;
  const post = (message) => {
    if (target) target.postMessage(Object.assign({ source: 'sandbox-checkout', order_id: orderId }, message), window.location.origin);
  };
  const finish = (message, query) => {
    post(message);
    if (returnUrl) {
      window.location.assign(returnUrl + (returnUrl.indexOf('?') >= 0 ? '&' : '?') + new URLSearchParams(query).toString());
    } else if (window.opener) {
      window.close();
    }
  };
  const showError = (text) => {
    if (!errorBox) return;
    errorBox.textContent = text;
    errorBox.hidden = !text;
  };
  const xsrfToken = () => {
    const match = document.cookie.split('; ').find((c) => c.indexOf('XSRF-TOKEN=') === 0);
    return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : '';
  };
  const field = (name) => (form.elements.namedItem(name) || { value: '' }).value.trim();

  const validate = () => {
    const card = field('card_number').replace(/[\\s-]/g, '');
    if (!/^\\d{16}$/.test(card)) return { error: 'Enter the 16-digit card number.' };
    if (card !== SUCCEEDS && card !== DECLINED) return { error: 'Use a sandbox test card: 4111 1111 1111 1111 or 4000 0000 0000 0002.' };
    const expiry = /^(\\d{2})\\/(\\d{2})$/.exec(field('expiry'));
    const month = expiry ? Number(expiry[1]) : 0;
    if (!expiry || month < 1 || month > 12) return { error: 'Enter the expiry as MM/YY.' };
    const now = new Date();
    const year = 2000 + Number(expiry[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return { error: 'This card has expired.' };
    if (!/^\\d{3,4}$/.test(field('cvv'))) return { error: 'Enter the 3 or 4 digit CVV.' };
    if (!field('name')) return { error: 'Enter the name on the card.' };
    return { outcome: card === SUCCEEDS ? 'success' : 'failure' };
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const checked = validate();
    if (checked.error) { showError(checked.error); return; }
    showError('');
    if (payButton) payButton.disabled = true;
    try {
      const res = await fetch('/sandbox/pay', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken() },
        body: JSON.stringify({ order_id: orderId, outcome: checked.outcome }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        finish({ type: 'success', response: body }, body);
        return;
      }
      const description = body.message || 'The payment failed.';
      showError(description);
      post({ type: 'failed', error: { description } });
    } catch (error) {
      showError('Could not reach the payment service. Try again.');
    } finally {
      if (payButton) payButton.disabled = false;
    }
  });

  if (cancelButton) {
    cancelButton.addEventListener('click', () => finish({ type: 'dismiss' }, { sandbox_status: 'dismissed', order_id: orderId }));
  }
})();
`;
