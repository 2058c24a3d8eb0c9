import type en from '../en/common.ts';
import type { Translation } from '../translation.ts';

export default {
  busy: 'कृपया प्रतीक्षा करें....',
  loading: 'लोड हो रहा है…',
  close: 'बंद करें',
  loadError: {
    failed: 'यह पेज लोड नहीं हो सका। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
    offline: 'आप ऑफ़लाइन हैं। ऑफ़लाइन के लिए सेव किए गए अध्याय अब भी खुलते हैं।',
    retry: 'फिर से कोशिश करें',
    retrying: 'फिर से कोशिश हो रही है…',
    openDownloads: 'डाउनलोड खोलें',
  },
  pager: {
    previous: 'पिछला पेज',
    next: 'अगला पेज',
    page: 'पेज {{page}}',
  },
  password: {
    show: '{{label}} दिखाएँ',
    requirements: 'पासवर्ड की शर्तें',
    met: '(पूरी हुई)',
    notMet: '(पूरी नहीं हुई)',
    checks: {
      lowercase: 'एक छोटा अक्षर (a-z)',
      uppercase: 'एक बड़ा अक्षर (A-Z)',
      digit: 'एक अंक',
      special: 'एक विशेष चिह्न',
      length: 'कम से कम {{min}} अक्षर',
    },
  },
} satisfies Translation<typeof en>;
