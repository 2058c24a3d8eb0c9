import type en from '../en/quiz.ts';
import type { Translation } from '../translation.ts';

export default {
  questionNumber: 'ചോദ്യം നമ്പർ {{number}}',
  resultTitle: 'ക്വിസ് ഫലം',
  loading: 'ചോദ്യം ലോഡ് ചെയ്യുന്നു…',
  startAgain: 'വീണ്ടും തുടങ്ങുക',
  answersOfAnotherQuiz: 'ഈ ഉത്തരങ്ങൾ മറ്റൊരു ക്വിസിനായി സേവ് ചെയ്തവയാണ്, അതിനാൽ സമർപ്പിക്കാനായില്ല. ആദ്യ ചോദ്യം മുതൽ വീണ്ടും തുടങ്ങുക.',
  backToCourse: 'കോഴ്സിലേക്ക് മടങ്ങുക',
  questionOf: 'ചോദ്യം {{number}} / {{count}}',
  next: 'അടുത്തത്',
  submit: 'സമർപ്പിക്കുക',
  result: {
    totalMark: 'ആകെ മാർക്ക്: {{mark}} ({{percent}}%)',
    correctCount: '{{count}}-ൽ {{mark}} എണ്ണം ശരി',
    attempt: 'ശ്രമം {{attempt}} / {{max}} · മികച്ചത് {{best}}%',
    passMarkNeeded:
      'ഈ ക്വിസ് പാസാകാൻ {{passMark}}% അല്ലെങ്കിൽ അതിൽ കൂടുതൽ മാർക്ക് വേണം. കോഴ്സിന്റെ സർട്ടിഫിക്കറ്റ് കിട്ടാൻ എല്ലാ അധ്യായങ്ങളുടെയും ക്വിസ് പാസാകണം.',
    passed:
      'നിങ്ങൾ ഈ ക്വിസ് പാസായി ({{passMark}}% അല്ലെങ്കിൽ അതിൽ കൂടുതൽ മാർക്ക് വേണമായിരുന്നു): ഇത് കോഴ്സിന്റെ സർട്ടിഫിക്കറ്റിനായി കണക്കാക്കും.',
    answers: 'ഉത്തരങ്ങൾ',
    number: '#',
    question: 'ചോദ്യം',
    yourAnswer: 'നിങ്ങളുടെ ഉത്തരം',
    correctAnswer: 'ശരിയായ ഉത്തരം',
    mark: 'മാർക്ക്',
    explanation: 'വിശദീകരണം: ',
    notAnswered: 'ഉത്തരം നൽകിയില്ല',
    retake: 'വീണ്ടും എഴുതുക',
    retaking: 'ദയവായി കാത്തിരിക്കുക....',
  },
} satisfies Translation<typeof en>;
