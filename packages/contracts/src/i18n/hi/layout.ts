import type en from '../en/layout.ts';
import type { Translation } from '../translation.ts';

export default {
  language: 'भाषा',
  languageChanged: 'आपकी भाषा सहेजी नहीं जा सकी। इस डिवाइस पर यही भाषा रहेगी।',
  /** The picker's choice could not be shown: its texts did not load (offline). */
  languageNotLoaded: 'भाषा नहीं बदल सकी। अपना इंटरनेट कनेक्शन जाँचिए और फिर से कोशिश कीजिए।',
  skipToContent: 'मुख्य सामग्री पर जाएँ',
  signingOut: 'लॉग आउट हो रहा है…',
  header: {
    openMenu: 'मेन्यू खोलें',
    wallet: 'वॉलेट',
    accountMenu: 'खाता मेन्यू',
    profile: 'प्रोफ़ाइल',
    logout: 'लॉग आउट',
  },
  menu: {
    label: 'मुख्य मेन्यू',
    nav: 'मुख्य',
    close: 'मेन्यू बंद करें',
    dashboard: 'डैशबोर्ड',
    courses: 'कोर्स',
    myCourses: 'मेरे कोर्स',
    downloads: 'डाउनलोड',
    purchases: 'खरीदारी',
    admin: 'एडमिन',
  },
  signedInAs: '{{email}} से लॉग इन हैं।',
  logout: 'लॉग आउट',
  offline: 'आप ऑफ़लाइन हैं। ऑफ़लाइन के लिए सेव किए गए अध्याय <a>डाउनलोड</a> में हैं।',
  devBanner: 'डेवलपमेंट सर्वर: यहाँ का डेटा असली नहीं है और ईमेल डेव मेलबॉक्स में जाते हैं।',
  notFound: {
    title: 'पेज नहीं मिला',
    text: 'आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है या कहीं और चला गया है।',
    home: 'होम पर वापस जाएँ',
  },
  error: {
    title: 'कुछ गड़बड़ हो गई',
    text: 'कृपया पेज फिर से लोड करें और दोबारा कोशिश करें।',
    reload: 'फिर से लोड करें',
    home: 'होम पर वापस जाएँ',
  },
} satisfies Translation<typeof en>;
