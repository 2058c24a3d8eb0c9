export { getQuizQuestion } from './get-quiz-question.ts';
export { listQuizAttemptsOf } from './list-quiz-attempts-of.ts';
export { retakeQuiz } from './retake-quiz.ts';
export { submitQuiz } from './submit-quiz.ts';
export { lockLearnerCourse } from './lock-learner-course.ts';
export { quizStanding, type QuizStanding } from './quiz-standing.ts';
