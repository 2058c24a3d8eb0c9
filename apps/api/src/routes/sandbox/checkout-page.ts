import { fillTemplate, formatInr, paiseToRupees, SANDBOX_NETBANKING_BANKS, type Language } from '@app/contracts';
import { catalogueOf } from '../../lib/i18n.ts';
import { pageFonts } from './page-fonts.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A catalogue text for text content or a double-quoted attribute (an apostrophe stays as written). */
const escapeText = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A catalogue text as HTML: the text escaped, its {{placeholders}} filled with HTML made here. */
const fillHtml = (text: string, values: Record<string, string>) => fillTemplate(escapeText(text), values);

/** Only a path on this site may be a return URL (no open redirect). */
export function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
}

/**
 * The sandbox provider's checkout page for one order: UPI (selected first, as most Indian payments
 * are), card and netbanking, with Razorpay's test values, in the learner's language (the
 * catalogue's checkout.sandboxPage). Its behaviour lives in /sandbox/checkout.js (the CSP allows no
 * inline script), which reads its texts from the form's data-texts.
 */
export function renderCheckoutPage(options: {
  merchantName: string;
  order: { id: string; amountPaise: number; status: string } | null;
  returnUrl: string | null;
  language: Language;
}): string {
  const { order, language } = options;
  const catalogue = catalogueOf(language);
  const texts = catalogue.checkout.sandboxPage;
  const closedReason = !order
    ? texts.orderMissing
    : order.status === 'paid'
      ? catalogue.messages.checkout.sandboxOrderPaid
      : order.status === 'expired'
        ? catalogue.messages.checkout.sandboxOrderExpired
        : null;
  const amount = order ? escapeHtml(formatInr(paiseToRupees(order.amountPaise), language)) : '';
  const merchant = escapeHtml(options.merchantName);
  const fonts = pageFonts(language);
  const text = (key: Exclude<keyof typeof texts, 'errors'>) => escapeText(texts[key]);
  /** What the script says, in this language (it fills bankTitle's {{bank}} itself). */
  const scriptTexts = {
    ...texts.errors,
    upiInvalid: catalogue.messages.checkout.sandboxVpaInvalid,
    bankTitle: texts.bankPageTitleNamed,
  };
  const bankOptions = SANDBOX_NETBANKING_BANKS.map(
    (b) => `<option value="${escapeHtml(b.code)}">${escapeHtml(b.name)}</option>`,
  ).join('');
  const methodTab = (value: string, label: string, checked = false) =>
    `<label class="tab"><input type="radio" name="method" value="${value}"${checked ? ' checked' : ''}><span>${label}</span></label>`;
  const body = closedReason
    ? `<p class="notice" role="alert">${escapeHtml(closedReason)}</p>
       <div class="actions"><button type="button" id="sandbox-cancel" class="secondary">${text('close')}</button></div>`
    : `<p class="amount">${fillHtml(texts.pay, { amount: `<strong>${amount}</strong>` })}</p>
      <div id="sandbox-methods">
      <fieldset class="tabs">
        <legend>${text('methods')}</legend>
        ${methodTab('upi', text('upi'), true)}${methodTab('card', text('card'))}${methodTab('netbanking', text('netbanking'))}
      </fieldset>
      <section id="sandbox-panel-upi" data-method="upi" aria-label="${text('upi')}">
        <label>${text('upiId')}<input name="vpa" id="sandbox-vpa" autocomplete="off" autocapitalize="none" spellcheck="false" inputmode="email" placeholder="name@bank" maxlength="321" aria-describedby="sandbox-vpa-hint"></label>
        <p class="hint" id="sandbox-vpa-hint">${text('upiHint')}</p>
      </section>
      <section id="sandbox-panel-card" data-method="card" aria-label="${text('card')}" hidden>
        <label>${text('cardNumber')}<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" maxlength="23"></label>
        <div class="row">
          <label>${text('expiry')}<input name="expiry" autocomplete="cc-exp" placeholder="12/30" maxlength="5"></label>
          <label>${text('cvv')}<input name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"></label>
        </div>
        <label>${text('nameOnCard')}<input name="name" autocomplete="cc-name" placeholder="${text('namePlaceholder')}" maxlength="100"></label>
        <p class="hint">${text('cardHint')}</p>
      </section>
      <section id="sandbox-panel-netbanking" data-method="netbanking" aria-label="${text('netbanking')}" hidden>
        <label for="sandbox-bank" class="for-select">${text('bank')}</label>
        <select name="bank" id="sandbox-bank"><option value="">${text('chooseBank')}</option>${bankOptions}</select>
        <p class="hint">${text('netbankingHint')}</p>
      </section>
      </div>
      <section id="sandbox-bank-page" class="bank-page" aria-labelledby="sandbox-bank-title" tabindex="-1" hidden>
        <h2 id="sandbox-bank-title">${text('bankPageTitle')}</h2>
        <p>${fillHtml(texts.bankPageText, { amount: `<strong>${amount}</strong>`, merchant })}</p>
        <div class="actions">
          <button type="button" id="sandbox-bank-success" class="success">${text('success')}</button>
          <button type="button" id="sandbox-bank-failure" class="danger">${text('failure')}</button>
        </div>
        <button type="button" id="sandbox-bank-back" class="link">${text('otherBank')}</button>
      </section>
      <p class="error" id="sandbox-error" role="alert" hidden></p>
      <div class="actions" id="sandbox-actions">
        <button type="submit" id="sandbox-pay">${fillHtml(texts.pay, { amount })}</button>
        <button type="button" id="sandbox-cancel" class="secondary">${text('cancel')}</button>
      </div>
      <p class="hint">${text('noMoney')}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${fillHtml(texts.documentTitle, { merchant })}</title>
<style>
  ${fonts.css}
  body { margin: 0; padding: 0 12px; font: 15px/1.4 ${fonts.family}; background: #eef1f6; color: #1d2433; }
  main { max-width: 380px; margin: 24px auto; background: #fff; border-radius: 10px; box-shadow: 0 4px 18px rgba(0,0,0,.12); padding: 20px 22px; }
  h1 { font-size: 17px; margin: 0 0 2px; } .sub { margin: 0 0 14px; color: #5a6478; font-size: 13px; }
  .amount { font-size: 18px; margin: 0 0 14px; }
  label { display: block; margin: 0 0 10px; font-size: 13px; color: #3b4456; }
  input { display: block; box-sizing: border-box; width: 100%; margin-top: 4px; padding: 9px 10px; border: 1px solid #c5cbd6; border-radius: 6px; font: inherit; }
  input:focus { outline: 2px solid #3267d6; border-color: #3267d6; }
  .row { display: flex; gap: 10px; } .row label { flex: 1; }
  .actions { display: flex; gap: 10px; margin-top: 6px; }
  button { flex: 1; padding: 10px; border: 0; border-radius: 6px; background: #3267d6; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button.secondary { background: #e3e7ee; color: #1d2433; } button:disabled { opacity: .6; cursor: wait; }
  .error, .notice { color: #a4161a; background: #fdecec; border-radius: 6px; padding: 8px 10px; margin: 0 0 10px; }
  .hint { margin: 14px 0 0; font-size: 12px; color: #5a6478; } section .hint { margin: 0 0 12px; }
  select { display: block; box-sizing: border-box; width: 100%; margin: 0 0 12px; padding: 9px 10px; border: 1px solid #c5cbd6; border-radius: 6px; font: inherit; background: #fff; color: inherit; }
  select:focus { outline: 2px solid #3267d6; border-color: #3267d6; }
  [aria-invalid="true"] { border-color: #a4161a; }
  .tabs { display: flex; min-width: 0; border: 0; margin: 0 0 14px; padding: 3px; background: #e3e7ee; border-radius: 8px; gap: 3px; }
  .tabs legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .tab { position: relative; flex: 1 1 0; min-width: 0; margin: 0; }
  .tab input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
  .tab span { display: block; padding: 8px 4px; border-radius: 6px; text-align: center; font-size: 14px; font-weight: 600; color: #3b4456; }
  .tab input:checked + span { background: #fff; color: #1d2433; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  .tab input:focus-visible + span { outline: 2px solid #3267d6; outline-offset: 1px; }
  .bank-page { border: 1px solid #c5cbd6; border-radius: 8px; padding: 14px; margin: 0 0 12px; }
  .bank-page h2 { font-size: 16px; margin: 0 0 6px; } .bank-page p { margin: 0 0 12px; font-size: 14px; }
  .bank-page:focus { outline: none; }
  button.success { background: #1b7f3b; } button.danger { background: #a4161a; }
  button.link { display: block; flex: none; width: 100%; margin-top: 10px; background: none; color: #3267d6; padding: 6px; font-weight: 500; text-decoration: underline; }
  label.for-select { margin-bottom: 4px; }
  [hidden] { display: none !important; }
  @media (max-width: 420px) {
    body { padding: 0; background: #fff; }
    main { margin: 0; border-radius: 0; box-shadow: none; padding: 16px; }
  }
</style>
</head>
<body>
<main>
  <h1>${merchant}</h1>
  <p class="sub">${text('subtitle')}${order ? ` · ${escapeHtml(order.id)}` : ''}</p>
  <form id="sandbox-checkout-form" novalidate data-order-id="${escapeHtml(order?.id ?? '')}" data-return-url="${escapeHtml(options.returnUrl ?? '')}" data-texts="${escapeHtml(JSON.stringify(scriptTexts))}">
    ${body}
  </form>
</main>
<script src="/sandbox/checkout.js"></script>
</body>
</html>`;
}
