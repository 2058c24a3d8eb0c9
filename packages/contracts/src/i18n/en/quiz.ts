/** English texts of the 'quiz' namespace: the spec's texts, word for word, where it gives them. */
export default {
  questionNumber: 'Question Number {{number}}',
  resultTitle: 'Quiz Result',
  loading: 'Loading question…',
  startAgain: 'Start again',
  /** A submission refused because the saved answers name questions of another draw (another attempt or learner). */
  answersOfAnotherQuiz:
    'These answers were saved for a different quiz, so they could not be submitted. Start again from the first question.',
  backToCourse: 'Back to Course',
  questionOf: 'Question {{number}} of {{count}}',
  next: 'Next',
  submit: 'Submit',
  result: {
    totalMark: 'Total Mark: {{mark}} ({{percent}}%)',
    correctCount: '{{mark}} of {{count}} correct',
    /** 'Attempt 2 of 3 · Best 70%': the best attempt is the one that counts for the certificate. */
    attempt: 'Attempt {{attempt}} of {{max}} · Best {{best}}%',
    /** Under the attempt line: what a pass needs (the operator's pass mark), and so the certificate. */
    passMarkNeeded:
      "You need {{passMark}}% or more to pass this quiz. Pass every chapter's quiz to get the course certificate.",
    passed: 'You passed this quiz ({{passMark}}% or more was needed): it counts towards the course certificate.',
    answers: 'Answers',
    number: '#',
    question: 'Question',
    yourAnswer: 'Your answer',
    correctAnswer: 'Correct answer',
    mark: 'Mark',
    explanation: 'Explanation: ',
    notAnswered: 'Not answered',
    retake: 'Retake',
    retaking: 'Please Wait....',
  },
};
