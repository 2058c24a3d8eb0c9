import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { messages, type QuizQuestion } from '@app/contracts';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppMessage } from '@/lib/i18n';

const answerForm = z.object({
  option: z.string({ error: messages.quizAnswerRequired }).regex(/^[1-5]$/, messages.quizAnswerRequired),
});
type AnswerForm = z.infer<typeof answerForm>;

const OPTION_NUMBERS = [1, 2, 3, 4, 5] as const;

/** The options the question has: option_1..option_5, skipping absent ones. */
export function optionsOf(question: QuizQuestion): { number: number; text: string }[] {
  return OPTION_NUMBERS.flatMap((number) => {
    const text = question[`option_${number}`];
    return text ? [{ number, text }] : [];
  });
}

interface QuizQuestionFormProps {
  question: QuizQuestion;
  /** The option chosen before (reload, or coming back), if any. */
  chosen: number | null;
  isLast: boolean;
  isBusy: boolean;
  onAnswer: (option: number) => void;
}

/** One question with its radio options; Next, or Submit on the last one. */
export function QuizQuestionForm({ question, chosen, isLast, isBusy, onAnswer }: QuizQuestionFormProps) {
  const { t } = useTranslation('quiz');
  const message = useAppMessage();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerForm>({
    resolver: zodResolver(answerForm),
    defaultValues: { option: chosen ? String(chosen) : '' },
  });
  const errorId = `quiz-${question.id}-error`;

  return (
    <Form noValidate onSubmit={handleSubmit(({ option }) => onAnswer(Number(option)))}>
      <fieldset aria-describedby={errors.option ? errorId : undefined}>
        <legend className="fs-5 fw-semibold mb-3 quiz-question">{question.question}</legend>
        <div className="d-flex flex-column gap-2">
          {optionsOf(question).map((option) => (
            <Form.Check
              key={option.number}
              type="radio"
              id={`quiz-${question.id}-option-${option.number}`}
              value={String(option.number)}
              label={option.text}
              className="quiz-option border rounded px-3 py-2 ps-5 bg-white"
              {...register('option')}
            />
          ))}
        </div>
      </fieldset>
      {errors.option && (
        <p id={errorId} className="text-danger small mt-2 mb-0" role="alert">
          {message(errors.option.message ?? '')}
        </p>
      )}
      <div className="d-flex justify-content-end mt-4">
        <SubmitButton isBusy={isBusy} className="px-4">
          {isLast ? t('submit') : t('next')}
        </SubmitButton>
      </div>
    </Form>
  );
}
