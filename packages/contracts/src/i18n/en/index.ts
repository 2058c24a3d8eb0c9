import invoice from './invoice.ts';
import mail from './mail.ts';
import { enScreens } from './screens.ts';

/** The English catalogue: the screens' texts, and the server's own for its mails and invoice PDFs. */
export const en = { ...enScreens, invoice, mail };
