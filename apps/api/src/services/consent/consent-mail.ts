import type { Language } from '@app/contracts';
import { translator } from '../../lib/i18n.ts';
import { composeMail, type Mail } from '../mail/index.ts';

/** The mail to a guardian named by email: who asks, why, and the link; in the learner's language. */
export function consentMail(options: {
  language: Language;
  appName: string;
  to: string;
  guardianName: string;
  childName: string;
  link: string;
}): Mail {
  const t = translator(options.language);
  const values = { child: options.childName, app: options.appName, guardian: options.guardianName };
  return composeMail({
    language: options.language,
    appName: options.appName,
    to: options.to,
    subject: t('consent:mail.subject', values),
    firstName: options.guardianName,
    blocks: [
      { kind: 'paragraph', text: t('consent:mail.body', values) },
      {
        kind: 'action',
        text: t('consent:mail.action', values),
        label: t('consent:mail.button', values),
        url: options.link,
      },
      { kind: 'paragraph', text: t('consent:mail.ignore', values) },
    ],
  });
}
