import { notifications } from '@/components/ui/notifications';

export const copiedMessage = 'Copied to clipboard!';
export const copyFailedMessage = 'Could not copy. Select the text and copy it yourself.';

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

/** Copies the text and says so with 'Copied to clipboard!' (spec section 2, Dashboard). */
export async function copyToClipboard(text: string): Promise<boolean> {
  let isCopied = false;
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
  if (isCopied) notifications.success(copiedMessage);
  else notifications.error(copyFailedMessage);
  return isCopied;
}
