import type en from '../en/layout.ts';
import type { Translation } from '../translation.ts';

export default {
  language: 'ഭാഷ',
  languageChanged: 'നിങ്ങളുടെ ഭാഷ സേവ് ചെയ്യാനായില്ല. ഈ ഉപകരണത്തിൽ ഇത് ഉപയോഗിക്കും.',
  /** The picker's choice could not be shown: its texts did not load (offline). */
  languageNotLoaded: 'ഭാഷ മാറ്റാനായില്ല. ഇന്റർനെറ്റ് കണക്ഷൻ പരിശോധിച്ച് വീണ്ടും ശ്രമിക്കുക.',
  skipToContent: 'പ്രധാന ഉള്ളടക്കത്തിലേക്ക് പോകുക',
  signingOut: 'ലോഗ് ഔട്ട് ചെയ്യുന്നു…',
  header: {
    openMenu: 'മെനു തുറക്കുക',
    wallet: 'വാലറ്റ്',
    accountMenu: 'അക്കൗണ്ട് മെനു',
    profile: 'പ്രൊഫൈൽ',
    logout: 'ലോഗ് ഔട്ട്',
  },
  menu: {
    label: 'പ്രധാന മെനു',
    nav: 'പ്രധാനം',
    close: 'മെനു അടയ്ക്കുക',
    dashboard: 'ഡാഷ്ബോർഡ്',
    courses: 'കോഴ്സുകൾ',
    myCourses: 'എന്റെ കോഴ്സുകൾ',
    downloads: 'ഡൗൺലോഡുകൾ',
    purchases: 'വാങ്ങലുകൾ',
    admin: 'അഡ്മിൻ',
  },
  signedInAs: '{{email}} ആയി ലോഗിൻ ചെയ്തിരിക്കുന്നു.',
  logout: 'ലോഗ് ഔട്ട്',
  offline: 'നിങ്ങൾ ഓഫ്‌ലൈനാണ്. ഓഫ്‌ലൈനായി സേവ് ചെയ്ത അധ്യായങ്ങൾ <a>ഡൗൺലോഡുകൾ</a> എന്നതിലുണ്ട്.',
  devBanner: 'ഡെവലപ്മെന്റ് സെർവർ: ഇവിടെയുള്ള ഡാറ്റ യഥാർത്ഥമല്ല, ഇമെയിലുകൾ ഡെവ് മെയിൽബോക്സിലേക്കാണ് പോകുന്നത്.',
  notFound: {
    title: 'പേജ് കണ്ടെത്തിയില്ല',
    text: 'നിങ്ങൾ തിരയുന്ന പേജ് നിലവിലില്ല, അല്ലെങ്കിൽ മാറ്റിയിരിക്കുന്നു.',
    home: 'ഹോമിലേക്ക് മടങ്ങുക',
  },
  error: {
    title: 'എന്തോ കുഴപ്പം സംഭവിച്ചു',
    text: 'ദയവായി പേജ് വീണ്ടും ലോഡ് ചെയ്ത് വീണ്ടും ശ്രമിക്കുക.',
    reload: 'വീണ്ടും ലോഡ് ചെയ്യുക',
    home: 'ഹോമിലേക്ക് മടങ്ങുക',
  },
} satisfies Translation<typeof en>;
