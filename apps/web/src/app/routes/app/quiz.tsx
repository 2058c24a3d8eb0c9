import { QuizPage } from '@/features/quiz/components/quiz-page';

export default function Route() {
  return <QuizPage />;
}
