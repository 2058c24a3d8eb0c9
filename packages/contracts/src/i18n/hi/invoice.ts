import type en from '../en/invoice.ts';
import type { Translation } from '../translation.ts';

export default {
  title: {
    invoice: 'कर बीजक (टैक्स इनवॉइस)',
    credit_note: 'क्रेडिट नोट',
  },
  number: {
    invoice: 'इनवॉइस संख्या',
    credit_note: 'क्रेडिट नोट संख्या',
  },
  date: 'दिनांक',
  againstInvoice: 'इनवॉइस {{number}} दिनांक {{date}} के विरुद्ध',
  creditReason: 'इनवॉइस की पूरी राशि का रिफ़ंड।',
  seller: 'विक्रेता',
  buyer: 'खरीदार',
  gstin: 'GSTIN',
  state: 'राज्य',
  stateWithCode: '{{state}} (कोड {{code}})',
  stateNotGiven: 'नहीं दिया गया',
  placeOfSupply: 'आपूर्ति का स्थान',
  outsideIndia: 'भारत से बाहर',
  description: 'विवरण',
  sac: 'SAC',
  price: 'मूल्य',
  discount: 'छूट',
  amount: 'राशि',
  course: 'कोर्स: {{name}}',
  batch: 'बैच शुल्क: {{name}}',
  taxableValue: 'कर योग्य मूल्य',
  cgst: 'CGST @ {{rate}}',
  sgst: 'SGST @ {{rate}}',
  utgst: 'UTGST @ {{rate}}',
  igst: 'IGST @ {{rate}}',
  total: {
    invoice: 'कुल भुगतान',
    credit_note: 'कुल क्रेडिट',
  },
  pricesIncludeGst: 'मूल्यों में {{rate}} GST शामिल है। मूल्य और छूट GST सहित दिखाए गए हैं।',
  reverseCharge: 'रिवर्स चार्ज पर देय कर: नहीं',
  paymentReference: 'भुगतान संदर्भ',
  computerGenerated: 'यह कंप्यूटर द्वारा बनाया गया दस्तावेज़ है, इस पर हस्ताक्षर की आवश्यकता नहीं है।',
} satisfies Translation<typeof en>;
