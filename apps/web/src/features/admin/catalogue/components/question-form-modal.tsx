import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { questionBody, type AdminQuestion, type QuestionInput } from '@app/contracts';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';

interface QuestionFormValues {
  question: string;
  option_1: string;
  option_2: string;
  option_3: string;
  option_4: string;
  option_5: string;
  correct_option: string;
  explanation: string;
}

const optionNames = ['option_1', 'option_2', 'option_3', 'option_4', 'option_5'] as const;
const fields = ['question', ...optionNames, 'correct_option', 'explanation'] as const;

interface QuestionFormModalProps {
  subjectId: number;
  termId: number;
  /** The question to edit; a new one when absent. */
  question?: AdminQuestion;
  onClose: () => void;
}

/** Add or edit a quiz question: 2 to 5 options, one of them correct, and an optional explanation. */
export function QuestionFormModal({ subjectId, termId, question, onClose }: QuestionFormModalProps) {
  const create = useCreateQuestion(subjectId, termId);
  const update = useUpdateQuestion(subjectId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuestionFormValues, unknown, QuestionInput>({
    resolver: formResolver(questionBody),
    mode: 'onTouched',
    defaultValues: {
      question: question?.question ?? '',
      option_1: question?.option_1 ?? '',
      option_2: question?.option_2 ?? '',
      option_3: question?.option_3 ?? '',
      option_4: question?.option_4 ?? '',
      option_5: question?.option_5 ?? '',
      correct_option: String(question?.correct_option ?? 1),
      explanation: question?.explanation ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (question) await update.mutateAsync({ id: question.id, body: values });
      else await create.mutateAsync({ subjectId, body: values });
      notifications.success(question ? 'Question saved.' : 'Question added.');
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="question-form-title">
      <ModalForm
        titleId="question-form-title"
        title={question ? 'Edit question' : 'Add a question'}
        submitLabel={question ? 'Save question' : 'Add question'}
        isBusy={isSubmitting}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <TextAreaField
          id="question-text"
          label="Question"
          rows={2}
          registration={register('question')}
          error={errors.question?.message}
        />
        {optionNames.map((name, index) => (
          <TextField
            key={name}
            id={`question-${name}`}
            label={`Option ${index + 1}${index < 2 ? '' : ' (optional)'}`}
            registration={register(name)}
            error={errors[name]?.message}
            className="mb-2"
          />
        ))}
        <SelectField
          id="question-correct"
          label="Correct option"
          className="mt-3 mb-0"
          registration={register('correct_option')}
          error={errors.correct_option?.message}
        >
          {optionNames.map((name, index) => (
            <option key={name} value={index + 1}>
              Option {index + 1}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id="question-explanation"
          label="Explanation (optional)"
          rows={3}
          className="mt-3 mb-0"
          registration={register('explanation')}
          error={errors.explanation?.message}
          hint="Why the correct option is right. Learners see it with their result."
        />
      </ModalForm>
    </Modal>
  );
}
