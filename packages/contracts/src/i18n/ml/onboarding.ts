import type en from '../en/onboarding.ts';
import type { Translation } from '../translation.ts';

export default {
  chooseLevel: {
    title: 'എന്റെ ബാച്ച് തിരഞ്ഞെടുക്കുക',
    subtitle: 'നിങ്ങളുടെ സിലബസും ക്ലാസും തിരഞ്ഞെടുക്കുക, അല്ലെങ്കിൽ പൊതു കോഴ്സിൽ നിന്ന് തുടങ്ങുക.',
    syllabus: 'സിലബസ്',
    chooseSyllabus: 'സിലബസ് തിരഞ്ഞെടുക്കുക',
    standard: 'ക്ലാസ്',
    chooseStandard: 'ക്ലാസ് തിരഞ്ഞെടുക്കുക',
    chooseSyllabusFirst: 'ആദ്യം സിലബസ് തിരഞ്ഞെടുക്കുക',
    submit: 'സമർപ്പിക്കുക',
    or: 'അല്ലെങ്കിൽ',
    generalCourse: 'പൊതു കോഴ്സ്',
    haveCode: 'നിങ്ങളുടെ ഇമെയിലിൽ ഇതിനകം കോഡ് വന്നിട്ടുണ്ടോ?',
    enterCode: 'അത് നൽകുക',
  },
  verify: {
    title: 'നിങ്ങളുടെ ഇമെയിൽ സ്ഥിരീകരിക്കുക',
    subtitle: 'നിങ്ങളുടെ ഇമെയിലിലേക്ക് ഞങ്ങൾ അയച്ച വൺ-ടൈം പാസ്‌വേഡ് (OTP) നൽകുക.',
    email: 'ഇമെയിൽ',
    otp: 'OTP',
    submit: 'സ്ഥിരീകരിക്കുക',
    noCode: 'കോഡ് ലഭിച്ചില്ലേ?',
    resend: 'OTP വീണ്ടും അയയ്ക്കുക',
  },
} satisfies Translation<typeof en>;
