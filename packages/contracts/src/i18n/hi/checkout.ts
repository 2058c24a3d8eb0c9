import type en from '../en/checkout.ts';
import type { Translation } from '../translation.ts';

export default {
  title: 'चेकआउट',
  loading: 'लोड हो रहा है…',
  paying: 'कृपया कुछ सेकंड प्रतीक्षा करें....',
  payNow: 'अभी भुगतान करें',
  errors: {
    unknownProvider: 'अज्ञात भुगतान प्रदाता।',
    providerNotLoaded: 'Razorpay लोड नहीं हुआ।',
    formNotLoaded: 'भुगतान फ़ॉर्म लोड नहीं हो सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  },
  course: {
    missing: 'यह कोर्स मौजूद नहीं है।',
    backToCourses: 'कोर्स पर वापस जाएँ',
    owned: '{{name}} पहले से आपका है। यह मेरे कोर्स में है।',
    open: 'खोलें',
  },
  offerCode: {
    label: 'ऑफ़र कोड',
    placeholder: 'ऑफ़र कोड डालें',
    apply: 'लागू करें',
    applied: 'ऑफ़र कोड {{code}} लागू हो गया।',
    minimum: 'यह कोड {{amount}} या उससे ज़्यादा के कोर्स पर छूट देता है।',
  },
  summary: {
    price: 'मूल्य',
    discount: 'छूट',
    payable: 'भुगतान राशि',
  },
  sandbox: {
    title: 'सुरक्षित भुगतान',
    cancel: 'भुगतान रद्द करें',
    frame: 'भुगतान फ़ॉर्म',
  },
  batchFee: {
    title: 'आपका बैच: {{batch}} — {{fee}}',
    paid: 'फ़ीस भर दी गई',
    open: 'आपके बैच के विषय खुले हैं। इन्हें मेरे कोर्स से पढ़ें।',
    aboveSubjects: 'ये विषय अलग-अलग नहीं बिकते: सभी को खोलने के लिए एक बार बैच फ़ीस भरें।',
    payOnce: 'अपने बैच के हर विषय को खोलने के लिए एक बार बैच फ़ीस भरें।',
    payOnceSubjects: 'अपने बैच के हर विषय को खोलने के लिए एक बार बैच फ़ीस भरें: {{subjects}}।',
    study: 'अपने विषय पढ़ें',
    pay: 'बैच फ़ीस भरें',
  },
  batchCheckout: {
    noBatch: 'आपका कोई स्कूल बैच नहीं है, इसलिए कोई बैच फ़ीस नहीं भरनी है।',
    paid: 'आपकी बैच फ़ीस भर दी गई है। इसके विषय मेरे कोर्स में हैं।',
    noFee: 'आपके बैच की कोई फ़ीस नहीं है: इसके विषय पहले से खुले हैं।',
    goToMyCourses: 'मेरे कोर्स पर जाएँ',
    name: 'बैच फ़ीस: {{batch}}',
    subjects: 'एक ही फ़ीस से आपके बैच के सभी विषय खुल जाते हैं:',
  },
  success: {
    title: 'भुगतान सफल रहा!',
    batchReady: 'आपकी बैच फ़ीस भर दी गई है: इसके विषय मेरे कोर्स में तैयार हैं।',
    courseReady: 'आपका कोर्स मेरे कोर्स में तैयार है।',
    loading: 'ऑर्डर लोड हो रहा है…',
    pending: 'भुगतान की पुष्टि हो रही है। प्रदाता के पुष्टि करते ही यह मेरे कोर्स में दिखेगा।',
    back: 'मेरे कोर्स पर वापस जाएँ',
    batch: 'बैच',
    course: 'कोर्स',
    amountPaid: 'भुगतान की गई राशि',
    orderId: 'ऑर्डर ID',
    paidOn: 'भुगतान की तारीख़',
    paidAt: '{{date}}, {{time}}',
  },
} satisfies Translation<typeof en>;
