import type en from '../en/purchases.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'വാങ്ങലുകൾ',
  intro: 'നിങ്ങൾ വാങ്ങിയതെല്ലാം, അവയുടെ GST ടാക്സ് ഇൻവോയ്സിനൊപ്പം.',
  empty: 'നിങ്ങൾ ഇതുവരെ ഒന്നും വാങ്ങിയിട്ടില്ല.',
  browseCourses: 'കോഴ്സുകൾ കാണുക',
  loading: 'നിങ്ങളുടെ വാങ്ങലുകൾ ലോഡ് ചെയ്യുന്നു…',
  item: {
    course: 'കോഴ്സ്',
    batch: 'ബാച്ച് ഫീസ്',
  },
  status: {
    pending: 'പേയ്മെന്റ് ബാക്കി',
    paid: 'പണമടച്ചു',
    failed: 'പേയ്മെന്റ് പരാജയപ്പെട്ടു',
    refunded: 'തുക തിരികെ നൽകി',
  },
  amount: 'തുക',
  price: 'വില',
  discount: 'കിഴിവ്',
  free: 'സൗജന്യം',
  startedOn: '{{date}}-ന് തുടങ്ങി',
  paidOn: '{{date}}-ന് പണമടച്ചു',
  refundedOn: '{{date}}-ന് തുക തിരികെ നൽകി',
  paymentReference: 'പേയ്മെന്റ് റഫറൻസ്',
  invoice: 'ഇൻവോയ്സ് {{number}}',
  creditNoteNumber: 'ക്രെഡിറ്റ് നോട്ട് {{number}}',
  downloadInvoice: 'ഇൻവോയ്സ് ഡൗൺലോഡ് ചെയ്യുക',
  creditNote: 'ക്രെഡിറ്റ് നോട്ട്',
  downloadInvoiceLabel: 'ഇൻവോയ്സ് {{number}} ഡൗൺലോഡ് ചെയ്യുക (PDF)',
  downloadCreditNoteLabel: 'ക്രെഡിറ്റ് നോട്ട് {{number}} ഡൗൺലോഡ് ചെയ്യുക (PDF)',
  noInvoiceFree: 'സൗജന്യ പ്രവേശനം: ഇൻവോയ്സ് ഇല്ല.',
  invoiceSoon: 'പേയ്മെന്റ് സ്ഥിരീകരിച്ചാൽ ഇൻവോയ്സ് നൽകും.',
  successInvoice: 'നിങ്ങളുടെ GST ഇൻവോയ്സ് ഡൗൺലോഡ് ചെയ്യുക',
} satisfies Translation<typeof en>;
