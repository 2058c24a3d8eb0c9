import type en from '../en/referrals.ts';
import type { Translation } from '../translation.ts';

export default {
  level: {
    current: 'मौजूदा लेवल',
    number: 'लेवल {{number}}',
    endsOn: 'समाप्ति की तारीख़',
    allDone: 'आपने सभी लेवल पूरे कर लिए हैं। शाबाश!',
    progress: 'प्रगति',
    progressLabel: 'लेवल की प्रगति',
    daysLeft: '{{days}} दिन के लक्ष्य के लिए {{difference}} दिन बाकी',
    subUsers: 'कोर्स ख़रीदने वाले सब-यूज़र: {{node}} में से {{completed}}',
    slots: 'ज़रूरी सब-यूज़र',
    completedHidden: 'पूरा हुआ: ',
    completed: 'पूरा हुआ',
    openSlot: 'खाली जगह',
    loadFailed: 'आपका लेवल लोड नहीं हो सका।',
    tryAgain: 'फिर से कोशिश करें',
    loading: 'आपका लेवल लोड हो रहा है',
  },
  status: {
    active: 'सक्रिय',
    pending: 'लंबित',
    ineligible: 'योग्य नहीं',
  },
  joined: '{{date}} को जुड़े',
  recent: {
    title: 'हाल के सब-यूज़र',
    seeAll: 'सभी देखें',
    loading: 'लोड हो रहा है…',
    loadFailed: 'हाल के सब-यूज़र लोड नहीं हो सके।',
    empty: 'अभी तक किसी ने आपके लिंक से रजिस्टर नहीं किया है। इसे शेयर करने के लिए ‘लोगों को आमंत्रित करें’ का इस्तेमाल करें।',
  },
  users: {
    /** A sub-user whose personal data was deleted on request (decision 066): shown instead of a name. */
    deletedLearner: 'हटाया गया विद्यार्थी',
    title: 'यूज़र',
    loading: 'लोड हो रहा है…',
    total: 'कुल {{total}}',
    region: 'सब-यूज़र',
    pages: '{{title}} के पेज',
    columns: {
      name: 'नाम',
      email: 'ईमेल',
      userId: 'यूज़र ID',
      status: 'स्थिति',
    },
    pending: {
      title: 'लंबित यूज़र',
      empty: 'कोई लंबित नहीं है: आपके लिंक से रजिस्टर करने वाले सभी लोगों ने कोर्स ख़रीद लिया है।',
    },
    active: {
      title: 'सक्रिय यूज़र',
      empty: 'अभी कोई सक्रिय यूज़र नहीं है। सब-यूज़र अपना पहला कोर्स ख़रीदते ही सक्रिय हो जाता है।',
    },
    ineligible: {
      title: 'योग्य नहीं',
      intro: 'इन लोगों ने आपके लिंक से रजिस्टर किया है, लेकिन इनसे आपको कोई कमीशन नहीं मिलता और ये आपके लेवल में नहीं गिने जाते।',
    },
  },
  code: {
    copy: 'रेफ़रल ID कॉपी करें',
  },
  copy: {
    copied: 'क्लिपबोर्ड पर कॉपी हो गया!',
    failed: 'कॉपी नहीं हो सका। टेक्स्ट चुनकर ख़ुद कॉपी करें।',
  },
  invite: {
    button: 'लोगों को आमंत्रित करें',
    title: 'लोगों को आमंत्रित करें',
    close: 'बंद करें',
    intro:
      'यह लिंक शेयर करें। इससे रजिस्टर करने वाला हर व्यक्ति आपका सब-यूज़र बनता है, और उसकी पहली कोर्स ख़रीद आपके लेवल में गिनी जाती है।',
    linkLabel: 'आपका रेफ़रल लिंक',
    whatsApp: 'WhatsApp पर शेयर करें',
    share: 'शेयर करें…',
    copyLink: 'लिंक कॉपी करें',
    shareFailed: 'शेयर मेन्यू नहीं खुल सका। इसकी जगह ‘लिंक कॉपी करें’ का इस्तेमाल करें।',
    messageTitle: '{{appName}} पर मेरे साथ जुड़ें',
    shareText: '{{appName}} पर मेरे साथ जुड़ें और साथ में पढ़ाई करें।',
    whatsAppText: '{{appName}} पर मेरे साथ जुड़ें और साथ में पढ़ाई करें: {{link}}',
  },
} satisfies Translation<typeof en>;
