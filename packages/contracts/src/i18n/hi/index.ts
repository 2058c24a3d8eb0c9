import invoice from './invoice.ts';
import mail from './mail.ts';
import { hiScreens } from './screens.ts';

/** The Hindi catalogue: the screens' texts, and the server's own for its mails and invoice PDFs. */
export const hi = { ...hiScreens, invoice, mail };
