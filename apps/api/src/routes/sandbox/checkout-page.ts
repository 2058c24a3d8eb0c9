import { formatInr, paiseToRupees } from '@app/contracts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only a path on this site may be a return URL (no open redirect). */
export function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
}

/**
 * The sandbox provider's checkout page: a card form for one order. Its behaviour lives in
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
  const body = closedReason
    ? `<p class="notice" role="alert">${escapeHtml(closedReason)}</p>
       <div class="actions"><button type="button" id="sandbox-cancel" class="secondary">Close</button></div>`
    : `<p class="amount">Pay <strong>${escapeHtml(amount)}</strong></p>
      <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" maxlength="23" required></label>
      <div class="row">
        <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="12/30" maxlength="5" required></label>
        <label>CVV<input name="cvv" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></label>
      </div>
      <label>Name on card<input name="name" autocomplete="cc-name" placeholder="Name" maxlength="100" required></label>
      <p class="error" id="sandbox-error" role="alert" hidden></p>
      <div class="actions">
        <button type="submit" id="sandbox-pay">Pay ${escapeHtml(amount)}</button>
        <button type="button" id="sandbox-cancel" class="secondary">Cancel</button>
      </div>
      <p class="hint">Sandbox: no money moves. Test cards: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined. Any future expiry, any CVV.</p>`;
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
  .hint { margin: 14px 0 0; font-size: 12px; color: #5a6478; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(options.merchantName)}</h1>
  <p class="sub">Sandbox payment${order ? ` · ${escapeHtml(order.id)}` : ''}</p>
  <form id="sandbox-card-form" novalidate data-order-id="${escapeHtml(order?.id ?? '')}" data-return-url="${escapeHtml(options.returnUrl ?? '')}">
    ${body}
  </form>
</main>
<script src="/sandbox/checkout.js"></script>
</body>
</html>`;
}
