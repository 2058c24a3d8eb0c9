import type en from '../en/accounts.ts';
import type { Translation } from '../translation.ts';

export default {
  login: {
    title: 'സൈൻ ഇൻ',
    subtitle: 'വീണ്ടും സ്വാഗതം! പഠനം തുടരാൻ സൈൻ ഇൻ ചെയ്യുക.',
    email: 'ഇമെയിൽ',
    password: 'പാസ്‌വേഡ്',
    forgotPassword: 'പാസ്‌വേഡ് മറന്നോ?',
    submit: 'സൈൻ ഇൻ',
    newHere: 'Live Connect-ൽ പുതിയതാണോ? <a>രജിസ്റ്റർ ചെയ്യുക</a>',
  },
  register: {
    title: 'രജിസ്റ്റർ ചെയ്യുക',
    subtitle: 'നിങ്ങളുടെ Live Connect അക്കൗണ്ട് ഉണ്ടാക്കുക.',
    firstName: 'ആദ്യ പേര്',
    lastName: 'അവസാന പേര്',
    email: 'ഇമെയിൽ',
    mobile: 'മൊബൈൽ',
    password: 'പാസ്‌വേഡ്',
    confirmPassword: 'പാസ്‌വേഡ് സ്ഥിരീകരിക്കുക',
    disclaimer: '<privacy>സ്വകാര്യതാ നയവും</privacy> <terms>നിബന്ധനകളും വ്യവസ്ഥകളും</terms> ഞാൻ വായിച്ച് അംഗീകരിക്കുന്നു.',
    submit: 'രജിസ്റ്റർ ചെയ്യുക',
    alreadyRegistered: 'ഇതിനകം രജിസ്റ്റർ ചെയ്തിട്ടുണ്ടോ? <a>ലോഗിൻ ചെയ്യുക</a>',
    forgotPassword: 'പാസ്‌വേഡ് മറന്നോ?',
  },
  referrer: {
    title: 'ക്ഷണിച്ചത്',
    name: 'പേര്',
    email: 'ഇമെയിൽ',
    phone: 'ഫോൺ',
  },
  forgotPassword: {
    title: 'പാസ്‌വേഡ് മറന്നു',
    intro: 'നിങ്ങളുടെ അക്കൗണ്ടിന്റെ ഇമെയിൽ വിലാസം നൽകുക, ഞങ്ങൾ ഒരു വൺ-ടൈം പാസ്‌വേഡ് (OTP) അയയ്ക്കും.',
    email: 'ഇമെയിൽ',
    sendOtp: 'OTP അയയ്ക്കുക',
    sentTo: '<strong>{{email}}</strong> എന്ന വിലാസത്തിലേക്ക് ഞങ്ങൾ ഒരു വൺ-ടൈം പാസ്‌വേഡ് അയച്ചു.',
    changeEmail: 'ഇമെയിൽ മാറ്റുക',
    otp: 'OTP',
    newPassword: 'പുതിയ പാസ്‌വേഡ്',
    confirmPassword: 'പാസ്‌വേഡ് സ്ഥിരീകരിക്കുക',
    submit: 'പാസ്‌വേഡ് റീസെറ്റ് ചെയ്യുക',
    login: 'ലോഗിൻ ചെയ്യുക',
    remembered: 'ഓർമ്മ വന്നോ? <a>ലോഗിൻ ചെയ്യുക</a>',
  },
  verifyAccount: {
    title: 'അക്കൗണ്ട് സ്ഥിരീകരിക്കുക',
    noToken: 'ഈ ലിങ്കിൽ സൈൻ-ഇൻ ടോക്കൺ ഇല്ല.',
    signingIn: 'നിങ്ങളെ സൈൻ ഇൻ ചെയ്യുന്നു…',
    login: 'ലോഗിൻ ചെയ്യുക',
  },
} satisfies Translation<typeof en>;
