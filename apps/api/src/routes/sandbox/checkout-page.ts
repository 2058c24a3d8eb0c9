import { formatInr, paiseToRupees, SANDBOX_NETBANKING_BANKS } from '@app/contracts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only a path on this site may be a return URL (no open redirect). */
export function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
}

/**
 * The sandbox provider's checkout page for one order: UPI (selected first, as most Indian payments
 * are), card and netbanking, with Razorpay's test values. Its behaviour lives in
 * /sandbox/checkout.js (the CSP allows no inline script).
 */
export function renderCheckoutPage(options: {
  merchantName: string;
  order: { id: string; amountPaise: number; status: string } | null;
  returnUrl: string | null;
}): string {
  const { order } = options;
  const closedReason = !order
    ? 'This order does not exist.'
    : order.status === 'paid'
      ? 'This order is already paid.'
      : order.status === 'expired'
        ? 'This order has expired.'
        : null;
  const amount = order ? formatInr(paiseToRupees(order.amountPaise)) : '';
  const pay = `Pay ${escapeHtml(amount)}`;
  const bankOptions = SANDBOX_NETBANKING_BANKS.map(
    (b) => `<option value="${escapeHtml(b.code)}">${escapeHtml(b.name)}</option>`,
  ).join('');
  const methodTab = (value: string, label: string, checked = false) =>
    `<label class="tab"><input type="radio" name="method" value="${value}"${checked ? ' checked' : ''}><span>${label}</span></label>`;
  const body = closedReason
    ? `<p class="notice" role="alert">${escapeHtml(closedReason)}</p>
       <div class="actions"><button type="button" id="sandbox-cancel" class="secondary">Close</button></div>`
    : `<p class="amount">Pay <strong>${escapeHtml(amount)}</strong></p>
      <div id="sandbox-methods">
      <fieldset class="tabs">
        <legend>Payment method</legend>
        ${methodTab('upi', 'UPI', true)}${methodTab('card', 'Card')}${methodTab('netbanking', 'Netbanking')}
      </fieldset>
      <section id="sandbox-panel-upi" data-method="upi" aria-label="UPI">
        <label>UPI ID<input name="vpa" id="sandbox-vpa" autocomplete="off" autocapitalize="none" spellcheck="false" inputmode="email" placeholder="name@bank" maxlength="321" aria-describedby="sandbox-vpa-hint"></label>
        <p class="hint" id="sandbox-vpa-hint">Sandbox: success@razorpay succeeds, failure@razorpay is declined; any other UPI ID (name@bank) succeeds.</p>
      </section>
      <section id="sandbox-panel-card" data-method="card" aria-label="Card" hidden>
        <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" maxlength="23"></label>
        <div class="row">
          <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="12/30" maxlength="5"></label>
          <label>CVV<input name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"></label>
        </div>
        <label>Name on card<input name="name" autocomplete="cc-name" placeholder="Name" maxlength="100"></label>
        <p class="hint">Sandbox: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined. Any future expiry, any CVV.</p>
      </section>
      <section id="sandbox-panel-netbanking" data-method="netbanking" aria-label="Netbanking" hidden>
        <label for="sandbox-bank" class="for-select">Bank</label>
        <select name="bank" id="sandbox-bank"><option value="">Choose your bank</option>${bankOptions}</select>
        <p class="hint">Sandbox: you will see the bank's page, where Success pays and Failure declines.</p>
      </section>
      </div>
      <section id="sandbox-bank-page" class="bank-page" aria-labelledby="sandbox-bank-title" tabindex="-1" hidden>
        <h2 id="sandbox-bank-title">Sandbox bank</h2>
        <p>Pay <strong>${escapeHtml(amount)}</strong> to ${escapeHtml(options.merchantName)}. This is the sandbox's bank page: choose what the bank answers.</p>
        <div class="actions">
          <button type="button" id="sandbox-bank-success" class="success">Success</button>
          <button type="button" id="sandbox-bank-failure" class="danger">Failure</button>
        </div>
        <button type="button" id="sandbox-bank-back" class="link">Choose another bank</button>
      </section>
      <p class="error" id="sandbox-error" role="alert" hidden></p>
      <div class="actions" id="sandbox-actions">
        <button type="submit" id="sandbox-pay">${pay}</button>
        <button type="button" id="sandbox-cancel" class="secondary">Cancel</button>
      </div>
      <p class="hint">Sandbox: no money moves.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · ${escapeHtml(options.merchantName)}</title>
<style>
  body { margin: 0; padding: 0 12px; font: 15px/1.4 system-ui, sans-serif; background: #eef1f6; color: #1d2433; }
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
  <h1>${escapeHtml(options.merchantName)}</h1>
  <p class="sub">Sandbox payment${order ? ` · ${escapeHtml(order.id)}` : ''}</p>
  <form id="sandbox-checkout-form" novalidate data-order-id="${escapeHtml(order?.id ?? '')}" data-return-url="${escapeHtml(options.returnUrl ?? '')}">
    ${body}
  </form>
</main>
<script src="/sandbox/checkout.js"></script>
</body>
</html>`;
}
