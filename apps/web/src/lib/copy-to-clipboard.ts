import { notifications } from '@/components/ui/notifications';
import { i18next } from '@/lib/i18n';

/** Older browsers and plain-http hosts have no async clipboard; a hidden textarea still copies there. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies the text and says so with 'Copied to clipboard!' (docs/product/referrals-and-levels.md#invite-link). */
export async function copyToClipboard(text: string): Promise<boolean> {
  let isCopied: boolean;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      isCopied = true;
    } else {
      isCopied = copyWithSelection(text);
    }
  } catch {
    isCopied = copyWithSelection(text);
  }
  if (isCopied) notifications.success(i18next.t('copy.copied', { ns: 'referrals' }));
  else notifications.error(i18next.t('copy.failed', { ns: 'referrals' }));
  return isCopied;
}
