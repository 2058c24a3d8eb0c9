import type en from '../en/purchases.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'खरीदारी',
  intro: 'आपने जो कुछ भी खरीदा है, उसके GST टैक्स इनवॉइस के साथ।',
  empty: 'आपने अभी तक कुछ नहीं खरीदा है।',
  browseCourses: 'कोर्स देखें',
  loading: 'आपकी खरीदारी लोड हो रही है…',
  item: {
    course: 'कोर्स',
    batch: 'बैच शुल्क',
  },
  status: {
    pending: 'भुगतान बाकी',
    paid: 'भुगतान हो गया',
    failed: 'भुगतान विफल',
    refunded: 'रिफ़ंड हो गया',
  },
  amount: 'राशि',
  price: 'मूल्य',
  discount: 'छूट',
  free: 'मुफ़्त',
  startedOn: '{{date}} को शुरू किया',
  paidOn: '{{date}} को भुगतान किया',
  refundedOn: '{{date}} को रिफ़ंड हुआ',
  paymentReference: 'भुगतान संदर्भ',
  invoice: 'इनवॉइस {{number}}',
  creditNoteNumber: 'क्रेडिट नोट {{number}}',
  downloadInvoice: 'इनवॉइस डाउनलोड करें',
  creditNote: 'क्रेडिट नोट',
  downloadInvoiceLabel: 'इनवॉइस {{number}} डाउनलोड करें (PDF)',
  downloadCreditNoteLabel: 'क्रेडिट नोट {{number}} डाउनलोड करें (PDF)',
  noInvoiceFree: 'मुफ़्त नामांकन: कोई इनवॉइस नहीं।',
  invoiceSoon: 'भुगतान की पुष्टि होने पर इनवॉइस जारी किया जाता है।',
  successInvoice: 'अपना GST इनवॉइस डाउनलोड करें',
} satisfies Translation<typeof en>;
