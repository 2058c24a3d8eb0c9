export { getQuizQuestion } from './get-quiz-question.ts';
export { listQuizAttemptsOf } from './list-quiz-attempts-of.ts';
export { retakeQuiz } from './retake-quiz.ts';
export { submitQuiz } from './submit-quiz.ts';
