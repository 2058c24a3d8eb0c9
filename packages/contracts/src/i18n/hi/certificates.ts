import type en from '../en/certificates.ts';
import type { Translation } from '../translation.ts';

export default {
  page: {
    loading: 'प्रमाणपत्र लोड हो रहा है…',
    title: 'प्रमाणपत्र',
    titleNamed: 'प्रमाणपत्र: {{name}}',
    notFound: 'प्रमाणपत्र नहीं मिला',
    checkFailed: 'इस प्रमाणपत्र की जाँच नहीं हो सकी',
    unknown: 'इस ID का कोई प्रमाणपत्र नहीं है। पता जाँचें, या प्रमाणपत्र पर दिया QR कोड फिर से स्कैन करें।',
    backHome: 'होम पर वापस जाएँ',
    ofCompletion: 'कोर्स पूरा करने का प्रमाणपत्र',
    valid: 'मान्य',
    notValid: 'मान्य नहीं',
    hasCompleted: 'ने <strong>{{course}}</strong> पूरा कर लिया है',
    issuedOn: 'जारी करने की तारीख़',
    status: 'स्थिति',
    refunded: 'अब मान्य नहीं (ख़रीद की राशि वापस कर दी गई थी)',
    certificateId: 'प्रमाणपत्र ID',
    qrLabel: 'इस प्रमाणपत्र के पते का QR कोड',
    scan: 'यह पेज खोलकर प्रमाणपत्र जाँचने के लिए कोड स्कैन करें।',
    download: 'PDF डाउनलोड करें',
  },
  pdf: {
    documentTitle: 'प्रमाणपत्र {{id}}',
    title: 'कोर्स पूरा करने का प्रमाणपत्र',
    certify: 'यह प्रमाणित किया जाता है कि',
    completed: 'ने नीचे दिए गए कोर्स का हर क्विज़ पूरा कर लिया है',
    issuedOn: 'जारी करने की तारीख़: {{date}}',
    certificateId: 'प्रमाणपत्र ID: {{id}}',
    valid: 'स्थिति: मान्य',
    notValid: 'स्थिति: अब मान्य नहीं',
    check: 'इस प्रमाणपत्र की जाँच के लिए कोड स्कैन करें या यह पता खोलें:',
  },
} satisfies Translation<typeof en>;
