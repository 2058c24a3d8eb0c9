import type en from '../en/accounts.ts';
import type { Translation } from '../translation.ts';

export default {
  login: {
    title: 'साइन इन करें',
    subtitle: 'फिर से स्वागत है! पढ़ाई जारी रखने के लिए साइन इन करें।',
    email: 'ईमेल',
    password: 'पासवर्ड',
    forgotPassword: 'पासवर्ड भूल गए?',
    submit: 'साइन इन करें',
    newHere: 'Live Connect पर नए हैं? <a>रजिस्टर करें</a>',
  },
  register: {
    title: 'रजिस्टर करें',
    subtitle: 'अपना Live Connect खाता बनाइए।',
    firstName: 'पहला नाम',
    lastName: 'उपनाम',
    email: 'ईमेल',
    mobile: 'मोबाइल',
    password: 'पासवर्ड',
    confirmPassword: 'पासवर्ड की पुष्टि करें',
    disclaimer: 'मैंने <privacy>गोपनीयता नीति</privacy> और <terms>नियम व शर्तें</terms> पढ़ ली हैं और उन्हें स्वीकार करता/करती हूँ।',
    submit: 'रजिस्टर करें',
    alreadyRegistered: 'पहले से रजिस्टर हैं? <a>लॉग इन करें</a>',
    forgotPassword: 'पासवर्ड भूल गए?',
  },
  referrer: {
    title: 'इन्होंने आपको बुलाया है',
    name: 'नाम',
    email: 'ईमेल',
    phone: 'फ़ोन',
  },
  forgotPassword: {
    title: 'पासवर्ड भूल गए',
    intro: 'अपने खाते का ईमेल पता डालिए, हम आपको एक वन-टाइम पासवर्ड (OTP) भेजेंगे।',
    email: 'ईमेल',
    sendOtp: 'OTP भेजें',
    sentTo: 'हमने <strong>{{email}}</strong> पर एक वन-टाइम पासवर्ड भेजा है।',
    changeEmail: 'ईमेल बदलें',
    otp: 'OTP',
    newPassword: 'नया पासवर्ड',
    confirmPassword: 'पासवर्ड की पुष्टि करें',
    submit: 'पासवर्ड रीसेट करें',
    login: 'लॉग इन करें',
    remembered: 'याद आ गया? <a>लॉग इन करें</a>',
  },
  verifyAccount: {
    title: 'खाता सत्यापित करें',
    noToken: 'इस लिंक में साइन-इन टोकन नहीं है।',
    signingIn: 'आपको साइन इन किया जा रहा है…',
    login: 'लॉग इन करें',
  },
} satisfies Translation<typeof en>;
