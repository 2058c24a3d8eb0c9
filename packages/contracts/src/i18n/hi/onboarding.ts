import type en from '../en/onboarding.ts';
import type { Translation } from '../translation.ts';

export default {
  chooseLevel: {
    title: 'मेरा बैच चुनें',
    subtitle: 'अपना सिलेबस और कक्षा चुनिए, या सामान्य कोर्स से शुरुआत कीजिए।',
    syllabus: 'सिलेबस',
    chooseSyllabus: 'सिलेबस चुनिए',
    standard: 'कक्षा',
    chooseStandard: 'कक्षा चुनिए',
    chooseSyllabusFirst: 'पहले सिलेबस चुनिए',
    submit: 'जमा करें',
    or: 'या',
    generalCourse: 'सामान्य कोर्स',
    haveCode: 'क्या आपके ईमेल में पहले से कोड आ चुका है?',
    enterCode: 'उसे डालिए',
  },
  verify: {
    title: 'अपना ईमेल सत्यापित करें',
    subtitle: 'हमने आपके ईमेल पर जो वन-टाइम पासवर्ड (OTP) भेजा है, उसे डालिए।',
    email: 'ईमेल',
    otp: 'OTP',
    submit: 'सत्यापित करें',
    noCode: 'कोड नहीं मिला?',
    resend: 'OTP फिर से भेजें',
  },
} satisfies Translation<typeof en>;
