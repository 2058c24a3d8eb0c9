import { formatIndiaDateTime } from '../common/india-time.ts';

/** Quiz and certificate messages the spec leaves open (server-rules.md "Learning and quizzes"). */
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
  optionMissing: 'This question has no such option.',
  certificateNotFound: 'No certificate with this id.',
  retakeStarted: 'New attempt started.',
  retakeNotStarted: 'Take this quiz before retaking it.',
  retakeNotSubmitted: 'Submit this attempt before starting another.',
  retakeAllUsed: (max: number) => (max === 1 ? 'You have used your one attempt at this quiz.' : `You have used all ${max} attempts at this quiz.`),
  retakeCooldown: (availableAt: Date | string) => `You can retake this quiz after ${formatIndiaDateTime(availableAt)}.`,
} as const;
