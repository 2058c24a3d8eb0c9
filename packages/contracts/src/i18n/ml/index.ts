import invoice from './invoice.ts';
import mail from './mail.ts';
import { mlScreens } from './screens.ts';

/** The Malayalam catalogue: the screens' texts, and the server's own for its mails and invoice PDFs. */
export const ml = { ...mlScreens, invoice, mail };
