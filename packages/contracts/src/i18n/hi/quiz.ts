import type en from '../en/quiz.ts';
import type { Translation } from '../translation.ts';

export default {
  questionNumber: 'प्रश्न संख्या {{number}}',
  resultTitle: 'क्विज़ का परिणाम',
  loading: 'प्रश्न लोड हो रहा है…',
  startAgain: 'फिर से शुरू करें',
  answersOfAnotherQuiz: 'ये उत्तर किसी दूसरे क्विज़ के लिए सेव किए गए थे, इसलिए सबमिट नहीं हो सके। पहले प्रश्न से फिर से शुरू करें।',
  backToCourse: 'कोर्स पर वापस जाएँ',
  questionOf: '{{count}} में से प्रश्न {{number}}',
  next: 'अगला',
  submit: 'सबमिट करें',
  result: {
    totalMark: 'कुल अंक: {{mark}} ({{percent}}%)',
    correctCount: '{{count}} में से {{mark}} सही',
    attempt: '{{max}} में से प्रयास {{attempt}} · सबसे अच्छा {{best}}%',
    passMarkNeeded:
      'यह क्विज़ पास करने के लिए {{passMark}}% या उससे ज़्यादा अंक चाहिए। कोर्स का प्रमाणपत्र पाने के लिए हर अध्याय की क्विज़ पास करें।',
    passed: 'आपने यह क्विज़ पास कर ली ({{passMark}}% या उससे ज़्यादा अंक चाहिए थे): यह कोर्स के प्रमाणपत्र में गिनी जाएगी।',
    answers: 'उत्तर',
    number: '#',
    question: 'प्रश्न',
    yourAnswer: 'आपका उत्तर',
    correctAnswer: 'सही उत्तर',
    mark: 'अंक',
    explanation: 'व्याख्या: ',
    notAnswered: 'उत्तर नहीं दिया',
    retake: 'क्विज़ दोबारा दें',
    retaking: 'कृपया प्रतीक्षा करें....',
  },
} satisfies Translation<typeof en>;
