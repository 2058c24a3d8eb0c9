import type en from '../en/catalogue.ts';
import type { Translation } from '../translation.ts';

export default {
  courses: {
    title: 'കോഴ്സുകൾ',
    loading: 'കോഴ്സുകൾ ലോഡ് ചെയ്യുന്നു…',
    empty: 'ഇവിടെ ഇതുവരെ കോഴ്സുകളൊന്നുമില്ല.',
    schoolSubjects: 'സ്കൂൾ വിഷയങ്ങൾ',
  },
  filters: {
    category: 'വിഭാഗം അനുസരിച്ച് ഫിൽട്ടർ ചെയ്യുക',
    allSyllabus: 'എല്ലാ സിലബസും',
    language: 'ഭാഷ അനുസരിച്ച് ഫിൽട്ടർ ചെയ്യുക',
    allLanguages: 'എല്ലാ ഭാഷകളും',
  },
  languageNames: {
    en: 'ഇംഗ്ലീഷ്',
    hi: 'ഹിന്ദി',
    ml: 'മലയാളം',
  },
  languageHidden: 'ഭാഷ: ',
  price: {
    priceHidden: 'വില ',
    offerPriceHidden: 'ഓഫർ വില ',
  },
  offer: {
    buyNow: 'വാങ്ങുക',
    payBatchFee: 'ഫീസ് അടയ്ക്കുക',
    open: 'തുറക്കുക',
    labelled: '{{action}}: {{name}}',
    inMyCourses: 'എന്റെ കോഴ്സുകളിലുണ്ട്',
    includedInBatchFee: 'നിങ്ങളുടെ {{fee}} ബാച്ച് ഫീസിൽ ഉൾപ്പെടുന്നു',
    includedInBatch: 'നിങ്ങളുടെ ബാച്ചിൽ ഉൾപ്പെടുന്നു',
  },
  card: {
    moreDetails: 'വിവരങ്ങൾ',
    moreDetailsLabel: 'വിവരങ്ങൾ: {{name}}',
  },
  details: {
    close: 'അടയ്ക്കുക',
    seeCurriculum: 'പാഠ്യപദ്ധതി കാണുക',
    playDemo: 'ഡെമോ കാണുക',
  },
  demo: {
    title: 'ഡെമോ: {{name}}',
    titleEmpty: 'ഡെമോ',
    unsupported: 'നിങ്ങളുടെ ബ്രൗസറിന് ഈ വീഡിയോ പ്ലേ ചെയ്യാൻ കഴിയില്ല.',
  },
  course: {
    loading: 'കോഴ്സ് ലോഡ് ചെയ്യുന്നു…',
    title: 'കോഴ്സ്',
    missing: 'ഈ കോഴ്സ് നിലവിലില്ല.',
    backToCourses: 'കോഴ്സുകളിലേക്ക് മടങ്ങുക',
    certificate: 'സർട്ടിഫിക്കറ്റ്: ഈ കോഴ്സിന്റെ സർട്ടിഫിക്കറ്റ് നേടാൻ എല്ലാ അധ്യായ ക്വിസുകളിലും കുറഞ്ഞത് {{passMark}}% മാർക്ക് നേടുക.',
    noCertificate: 'ഈ കോഴ്സിൽ ക്വിസുകളില്ല, അതിനാൽ സർട്ടിഫിക്കറ്റും ലഭിക്കില്ല.',
    curriculum: 'പാഠ്യപദ്ധതി',
    preparing: 'ഈ കോഴ്സിന്റെ അധ്യായങ്ങൾ തയ്യാറാക്കിക്കൊണ്ടിരിക്കുന്നു.',
    noChapters: 'ഇതുവരെ അധ്യായങ്ങളൊന്നുമില്ല.',
    quiz: 'ക്വിസ്',
    fileTypes: {
      pdf: 'PDF',
      video: 'വീഡിയോ',
      youtube: 'YouTube',
      link: 'ലിങ്ക്',
    },
    terms_one: '{{count}} ടേം',
    terms_other: '{{count}} ടേമുകൾ',
    chapters_one: '{{count}} അധ്യായം',
    chapters_other: '{{count}} അധ്യായങ്ങൾ',
    quizzes_one: '{{count}} ക്വിസ്',
    quizzes_other: '{{count}} ക്വിസുകൾ',
  },
} satisfies Translation<typeof en>;
