import type { Language } from '@app/contracts';
import { translator } from '../../lib/i18n.ts';
import type { Mail } from './mailer.ts';

/** One piece of a mail's body, written once for both parts. Every string is final text, unescaped. */
export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A one-time code: after its line in the text part, large on its own in HTML. */
  | { kind: 'code'; intro: string; code: string }
  /** Label and value pairs (an amount, a reference). */
  | { kind: 'details'; rows: { label: string; value: string }[] }
  /** A sentence and a link to act on it (the URL on its own line in the text part). */
  | { kind: 'action'; text: string; label: string; url: string };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return block.text;
    case 'paragraph':
      return block.text;
    case 'code':
      return `${block.intro} ${block.code}`;
    case 'details':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'action':
      return `${block.text}\n${block.url}`;
  }
}

const P = 'margin: 0 0 14px;';

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="font-size: 20px; margin: 0 0 14px;">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="${P}">${escapeHtml(block.text)}</p>`;
    case 'code':
      return (
        `<p style="${P}">${escapeHtml(block.intro)}</p>\n` +
        `<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; ${P}">${escapeHtml(block.code)}</p>`
      );
    case 'details':
      return `<table role="presentation" style="border-collapse: collapse; ${P}">\n${block.rows
        .map(
          (row) =>
            '<tr>' +
            `<td style="padding: 4px 16px 4px 0; color: #495057; vertical-align: top;">${escapeHtml(row.label)}</td>` +
            `<td style="padding: 4px 0; font-weight: bold;">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('\n')}\n</table>`;
    case 'action':
      return (
        `<p style="${P}">${escapeHtml(block.text)}</p>\n<p style="${P}"><a href="${escapeHtml(block.url)}" ` +
        `style="display: inline-block; padding: 8px 16px; background: #0d6efd; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(block.label)}</a></p>`
      );
  }
}

/**
 * A mail in the recipient's language, as a text part and an HTML part from the same blocks: the
 * greeting, the body, the app's name and a note that replies are not read. Every value is escaped in
 * the HTML (the catalogue's texts and the interpolated names, references and reasons alike).
 */
export function composeMail(options: {
  language: Language;
  appName: string;
  to: string;
  subject: string;
  /** null: greeted without a name (a mail to an address nobody has proved yet). */
  firstName: string | null;
  blocks: MailBlock[];
}): Mail {
  const t = translator(options.language);
  const greeting =
    options.firstName === null ? t('mail:greetingUnnamed') : t('mail:greeting', { name: options.firstName });
  const signOff = t('mail:signOff', { appName: options.appName });
  const automatic = t('mail:automatic');
  const text = [greeting, ...options.blocks.map(textOf), signOff, automatic].join('\n\n');
  const html = `<!doctype html>
<html lang="${options.language}"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head>
<body style="font-family: 'Noto Sans', Arial, sans-serif; color: #212529; line-height: 1.5; max-width: 600px; margin: 0 auto; padding: 16px;">
<p style="${P}">${escapeHtml(greeting)}</p>
${options.blocks.map(htmlOf).join('\n')}
<p style="${P}">${escapeHtml(signOff)}</p>
<p style="font-size: 12px; color: #6c757d;">${escapeHtml(automatic)}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}
