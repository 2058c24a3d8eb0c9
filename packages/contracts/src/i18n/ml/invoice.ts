import type en from '../en/invoice.ts';
import type { Translation } from '../translation.ts';

export default {
  title: {
    invoice: 'ടാക്സ് ഇൻവോയ്സ്',
    credit_note: 'ക്രെഡിറ്റ് നോട്ട്',
  },
  number: {
    invoice: 'ഇൻവോയ്സ് നമ്പർ',
    credit_note: 'ക്രെഡിറ്റ് നോട്ട് നമ്പർ',
  },
  date: 'തീയതി',
  againstInvoice: '{{date}} തീയതിയിലെ ഇൻവോയ്സ് {{number}} പ്രകാരം',
  creditReason: 'ഇൻവോയ്സിലെ മുഴുവൻ തുകയും തിരികെ നൽകി.',
  lateCreditNote:
    'CGST നിയമത്തിലെ വകുപ്പ് 34(2) പ്രകാരമുള്ള സമയപരിധിക്ക് ({{date}}) ശേഷം നൽകിയത്: ഈ ക്രെഡിറ്റ് നോട്ട് GST കുറയ്ക്കുന്നില്ല.',
  seller: 'വിൽപ്പനക്കാരൻ',
  buyer: 'വാങ്ങുന്നയാൾ',
  gstin: 'GSTIN',
  state: 'സംസ്ഥാനം',
  stateWithCode: '{{state}} (കോഡ് {{code}})',
  stateNotGiven: 'നൽകിയിട്ടില്ല',
  placeOfSupply: 'സേവനം നൽകുന്ന സ്ഥലം',
  outsideIndia: 'ഇന്ത്യയ്ക്ക് പുറത്ത്',
  description: 'വിവരണം',
  sac: 'SAC',
  price: 'വില',
  discount: 'കിഴിവ്',
  amount: 'തുക',
  course: 'കോഴ്സ്: {{name}}',
  batch: 'ബാച്ച് ഫീസ്: {{name}}',
  taxableValue: 'നികുതി ബാധകമായ മൂല്യം',
  cgst: 'CGST @ {{rate}}',
  sgst: 'SGST @ {{rate}}',
  utgst: 'UTGST @ {{rate}}',
  igst: 'IGST @ {{rate}}',
  total: {
    invoice: 'ആകെ അടച്ചത്',
    credit_note: 'ആകെ തിരികെ നൽകിയത്',
  },
  pricesIncludeGst: 'വിലകളിൽ {{rate}} GST ഉൾപ്പെടുന്നു. വിലയും കിഴിവും GST ഉൾപ്പെടെയാണ് കാണിച്ചിരിക്കുന്നത്.',
  reverseCharge: 'റിവേഴ്സ് ചാർജ് പ്രകാരം അടയ്ക്കേണ്ട നികുതി: ഇല്ല',
  paymentReference: 'പേയ്മെന്റ് റഫറൻസ്',
  computerGenerated: 'ഇത് കമ്പ്യൂട്ടർ തയ്യാറാക്കിയ രേഖയാണ്, ഒപ്പ് ആവശ്യമില്ല.',
} satisfies Translation<typeof en>;
