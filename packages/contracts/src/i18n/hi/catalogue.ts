import type en from '../en/catalogue.ts';
import type { Translation } from '../translation.ts';

export default {
  courses: {
    title: 'कोर्स',
    loading: 'कोर्स लोड हो रहे हैं…',
    empty: 'यहाँ अभी कोई कोर्स नहीं है।',
    schoolSubjects: 'स्कूल के विषय',
  },
  filters: {
    category: 'श्रेणी के अनुसार छाँटें',
    allSyllabus: 'सभी सिलेबस',
    language: 'भाषा के अनुसार छाँटें',
    allLanguages: 'सभी भाषाएँ',
  },
  languageNames: {
    en: 'अंग्रेज़ी',
    hi: 'हिन्दी',
    ml: 'मलयालम',
  },
  languageHidden: 'भाषा: ',
  price: {
    priceHidden: 'मूल्य ',
    offerPriceHidden: 'ऑफ़र मूल्य ',
  },
  offer: {
    buyNow: 'अभी ख़रीदें',
    payBatchFee: 'बैच फ़ीस भरें',
    open: 'खोलें',
    labelled: '{{action}}: {{name}}',
    inMyCourses: 'मेरे कोर्स में है',
    includedInBatchFee: 'आपकी {{fee}} की बैच फ़ीस में शामिल',
    includedInBatch: 'आपके बैच में शामिल',
  },
  card: {
    moreDetails: 'और जानकारी',
    moreDetailsLabel: 'और जानकारी: {{name}}',
  },
  details: {
    close: 'बंद करें',
    seeCurriculum: 'पाठ्यक्रम देखें',
    playDemo: 'डेमो चलाएँ',
  },
  demo: {
    title: 'डेमो: {{name}}',
    titleEmpty: 'डेमो',
    unsupported: 'आपका ब्राउज़र यह वीडियो नहीं चला सकता।',
  },
  course: {
    loading: 'कोर्स लोड हो रहा है…',
    title: 'कोर्स',
    missing: 'यह कोर्स मौजूद नहीं है।',
    backToCourses: 'कोर्स पर वापस जाएँ',
    certificate: 'प्रमाणपत्र: इस कोर्स का प्रमाणपत्र पाने के लिए हर अध्याय की क्विज़ में कम से कम {{passMark}}% अंक लाएँ।',
    noCertificate: 'इस कोर्स में कोई क्विज़ नहीं है, इसलिए इसका प्रमाणपत्र नहीं मिलता।',
    curriculum: 'पाठ्यक्रम',
    preparing: 'इस कोर्स के अध्याय तैयार किए जा रहे हैं।',
    noChapters: 'अभी कोई अध्याय नहीं है।',
    quiz: 'क्विज़',
    fileTypes: {
      pdf: 'PDF',
      video: 'वीडियो',
      youtube: 'YouTube',
      link: 'लिंक',
    },
    terms_one: '{{count}} सत्र',
    terms_other: '{{count}} सत्र',
    chapters_one: '{{count}} अध्याय',
    chapters_other: '{{count}} अध्याय',
    quizzes_one: '{{count}} क्विज़',
    quizzes_other: '{{count}} क्विज़',
  },
} satisfies Translation<typeof en>;
