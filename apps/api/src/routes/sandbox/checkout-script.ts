/**
 * The sandbox checkout page's behaviour, served as /sandbox/checkout.js.
 *
 * Message contract (window.postMessage to window.opener, else window.parent; targetOrigin is this
 * page's own origin, which is the app's):
 *   { source: 'sandbox-checkout', type: 'success', order_id, response: { razorpay_payment_id, razorpay_order_id, razorpay_signature } }
 *       like checkout.js's handler(response): POST /pay-now with { payment_id, order_id, signature }.
 *   { source: 'sandbox-checkout', type: 'failed', order_id, error: { description } }
 *       like the 'payment.failed' event; the form stays open for another try.
 *   { source: 'sandbox-checkout', type: 'dismiss', order_id }
 *       like ondismiss (Cancel, or Close on a paid/expired order).
 * Methods: UPI (the default tab; the API decides by the VPA: failure@razorpay fails), card (the two
 * test cards) and netbanking (choose a bank, then the sandbox bank page's Success or Failure). All
 * end in the same POST /sandbox/pay with the method, so the same signed response reaches /pay-now.
 * A popup closes itself after success or dismiss. With ?return_url=/path the page instead goes to
 * /path?razorpay_payment_id=…&razorpay_order_id=…&razorpay_signature=… (success) or
 * /path?sandbox_status=dismissed&order_id=… (dismiss).
 * Texts: the page puts them, in its language, as JSON in the form's data-texts (checkout-page.ts); the
 * pay call asks for the server's messages in the page's language (<html lang>).
 */
export const SANDBOX_CHECKOUT_SCRIPT = `(() => {
  'use strict';
  const form = document.getElementById('sandbox-checkout-form');
  if (!form) return;
  const orderId = form.dataset.orderId || '';
  const returnUrl = form.dataset.returnUrl || '';
  const texts = JSON.parse(form.dataset.texts || '{}');
  const language = document.documentElement.lang || 'en';
  const errorBox = document.getElementById('sandbox-error');
  const payButton = document.getElementById('sandbox-pay');
  const cancelButton = document.getElementById('sandbox-cancel');
  const methods = document.getElementById('sandbox-methods');
  const actions = document.getElementById('sandbox-actions');
  const bankPage = document.getElementById('sandbox-bank-page');
  const bankTitle = document.getElementById('sandbox-bank-title');
  const bankButtons = ['sandbox-bank-success', 'sandbox-bank-failure', 'sandbox-bank-back'].map((id) => document.getElementById(id));
  const SUCCEEDS = '4111111111111111';
  const DECLINED = '4000000000000002';
  const VPA = /^[a-zA-Z0-9.\\-_]{2,256}@[a-zA-Z]{2,64}$/;

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
  const markInvalid = (name) => {
    Array.prototype.forEach.call(form.querySelectorAll('input, select'), (el) => {
      if (el.name === name) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    });
  };
  const showError = (text, fieldName) => {
    markInvalid(text ? fieldName : '');
    if (!errorBox) return;
    errorBox.textContent = text;
    errorBox.hidden = !text;
  };
  const xsrfToken = () => {
    const match = document.cookie.split('; ').find((c) => c.indexOf('XSRF-TOKEN=') === 0);
    return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : '';
  };
  const field = (name) => String((form.elements.namedItem(name) || { value: '' }).value || '').trim();
  const method = () => field('method') || 'upi';

  // The method tabs: one panel shows at a time.
  const showMethod = () => {
    const current = method();
    Array.prototype.forEach.call(form.querySelectorAll('section[data-method]'), (panel) => {
      panel.hidden = panel.dataset.method !== current;
    });
    showError('');
  };
  form.addEventListener('change', (event) => {
    if (event.target && event.target.name === 'method') showMethod();
  });
  showMethod();

  const validateCard = () => {
    const card = field('card_number').replace(/[\\s-]/g, '');
    if (!/^\\d{16}$/.test(card)) return { error: texts.cardNumber, field: 'card_number' };
    if (card !== SUCCEEDS && card !== DECLINED) return { error: texts.testCard, field: 'card_number' };
    const expiry = /^(\\d{2})\\/(\\d{2})$/.exec(field('expiry'));
    const month = expiry ? Number(expiry[1]) : 0;
    if (!expiry || month < 1 || month > 12) return { error: texts.expiry, field: 'expiry' };
    const now = new Date();
    const year = 2000 + Number(expiry[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return { error: texts.cardExpired, field: 'expiry' };
    if (!/^\\d{3,4}$/.test(field('cvv'))) return { error: texts.cvv, field: 'cvv' };
    if (!field('name')) return { error: texts.name, field: 'name' };
    return { body: { method: 'card', outcome: card === SUCCEEDS ? 'success' : 'failure' } };
  };
  const validateUpi = () => {
    const vpa = field('vpa');
    if (!vpa) return { error: texts.upiRequired, field: 'vpa' };
    if (!VPA.test(vpa)) return { error: texts.upiInvalid, field: 'vpa' };
    return { body: { method: 'upi', vpa } };
  };

  const setBusy = (busy) => {
    [payButton].concat(bankButtons).forEach((button) => { if (button) button.disabled = busy; });
  };
  const pay = async (body) => {
    showError('');
    setBusy(true);
    try {
      const res = await fetch('/sandbox/pay', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken(), 'accept-language': language },
        body: JSON.stringify(Object.assign({ order_id: orderId }, body)),
      });
      const answer = await res.json().catch(() => ({}));
      if (res.ok) {
        finish({ type: 'success', response: answer }, answer);
        return true;
      }
      const description = answer.message || texts.failed;
      showError(description);
      post({ type: 'failed', error: { description } });
    } catch (error) {
      showError(texts.unreachable);
    } finally {
      setBusy(false);
    }
    return false;
  };

  // Netbanking: the chosen bank's (sandbox) page, where Success or Failure decides.
  const bankName = () => {
    const select = form.elements.namedItem('bank');
    return select && select.selectedIndex > 0 ? select.options[select.selectedIndex].text : '';
  };
  const showBankPage = (open) => {
    if (!bankPage) return;
    bankPage.hidden = !open;
    if (methods) methods.hidden = open;
    if (actions) actions.hidden = open;
    if (open) {
      if (bankTitle) bankTitle.textContent = String(texts.bankTitle).replace('{{bank}}', () => bankName());
      bankPage.focus();
    } else if (payButton) {
      payButton.focus();
    }
  };
  const payAtBank = async (outcome) => {
    await pay({ method: 'netbanking', bank: field('bank'), outcome });
    // A failure leaves the bank page: the learner sees the error and can try again.
    if (bankPage && !bankPage.hidden && outcome === 'failure') showBankPage(false);
  };
  if (bankButtons[0]) bankButtons[0].addEventListener('click', () => payAtBank('success'));
  if (bankButtons[1]) bankButtons[1].addEventListener('click', () => payAtBank('failure'));
  if (bankButtons[2]) bankButtons[2].addEventListener('click', () => { showError(''); showBankPage(false); });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const current = method();
    if (current === 'netbanking') {
      if (!field('bank')) { showError(texts.bank, 'bank'); return; }
      showError('');
      showBankPage(true);
      return;
    }
    const checked = current === 'card' ? validateCard() : validateUpi();
    if (checked.error) { showError(checked.error, checked.field); return; }
    await pay(checked.body);
  });

  if (cancelButton) {
    cancelButton.addEventListener('click', () => finish({ type: 'dismiss' }, { sandbox_status: 'dismissed', order_id: orderId }));
  }
})();
`;
