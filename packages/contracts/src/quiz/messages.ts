import { formatIndiaDateTime } from '../common/india-time.ts';
import { fillTemplate } from '../i18n/fill-template.ts';

/** The quiz messages with values in them, as templates the catalogues translate (i18n/<lang>/messages.ts). */
export const quizMessageTemplates = {
  retakeAllUsed_one: 'You have used your one attempt at this quiz.',
  retakeAllUsed_other: 'You have used all {{count}} attempts at this quiz.',
  retakeCooldown: 'You can retake this quiz after {{date}}.',
  questionNumberInvalid: 'Question number must be 1 to {{max}}.',
};

/** Quiz and certificate messages the spec leaves open (docs/product/learning-and-quizzes.md). */
export const quizMessages = {
  subjectNotFound: 'No such subject.',
  noQuestions: 'This subject has no quiz yet.',
  questionNotFound: 'This quiz has fewer questions.',
  alreadySubmitted: 'You have already submitted this quiz.',
  submitted: 'Quiz submitted.',
  answersRequired: 'Send the answers as a list of [question id, option] pairs.',
  questionNotInQuiz: 'This question is not part of your quiz.',
  duplicateQuestion: 'This question is answered twice.',
  optionInvalid: 'Choose an option from 1 to 5.',
  certificateNotFound: 'No certificate with this id.',
  retakeStarted: 'New attempt started.',
  retakeNotStarted: 'Take this quiz before retaking it.',
  retakeNotSubmitted: 'Submit this attempt before starting another.',
  questionNumberInvalid: (max: number) => fillTemplate(quizMessageTemplates.questionNumberInvalid, { max }),
  retakeAllUsed: (max: number) =>
    fillTemplate(max === 1 ? quizMessageTemplates.retakeAllUsed_one : quizMessageTemplates.retakeAllUsed_other, {
      count: max,
    }),
  retakeCooldown: (availableAt: Date | string) =>
    fillTemplate(quizMessageTemplates.retakeCooldown, { date: formatIndiaDateTime(availableAt) }),
} as const;
