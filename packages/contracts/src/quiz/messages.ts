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
} as const;
