import type en from '../en/common.ts';
import type { Translation } from '../translation.ts';

export default {
  busy: 'ദയവായി കാത്തിരിക്കുക....',
  loading: 'ലോഡ് ചെയ്യുന്നു…',
  close: 'അടയ്ക്കുക',
  loadError: {
    failed: 'ഈ പേജ് ലോഡ് ചെയ്യാനായില്ല. നിങ്ങളുടെ കണക്ഷൻ പരിശോധിച്ച് വീണ്ടും ശ്രമിക്കുക.',
    offline: 'നിങ്ങൾ ഓഫ്‌ലൈനാണ്. ഓഫ്‌ലൈനായി സേവ് ചെയ്ത അധ്യായങ്ങൾ ഇപ്പോഴും തുറക്കാം.',
    retry: 'വീണ്ടും ശ്രമിക്കുക',
    retrying: 'വീണ്ടും ശ്രമിക്കുന്നു…',
    openDownloads: 'ഡൗൺലോഡുകൾ തുറക്കുക',
  },
  pager: {
    previous: 'മുമ്പത്തെ പേജ്',
    next: 'അടുത്ത പേജ്',
    page: 'പേജ് {{page}}',
  },
  password: {
    show: '{{label}} കാണിക്കുക',
    requirements: 'പാസ്‌വേഡ് നിബന്ധനകൾ',
    met: '(പാലിച്ചു)',
    notMet: '(പാലിച്ചിട്ടില്ല)',
    checks: {
      lowercase: 'ഒരു ചെറിയ അക്ഷരം (a-z)',
      uppercase: 'ഒരു വലിയ അക്ഷരം (A-Z)',
      digit: 'ഒരു അക്കം',
      special: 'ഒരു പ്രത്യേക ചിഹ്നം',
      length: 'കുറഞ്ഞത് {{min}} അക്ഷരങ്ങൾ',
    },
  },
} satisfies Translation<typeof en>;
