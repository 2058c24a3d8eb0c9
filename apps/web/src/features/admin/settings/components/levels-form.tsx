import { useFieldArray, useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { levelsBody, type AdminLevel } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useUpdateLevels, type LevelsInput } from '../api/update-levels';

type LevelRow = Record<keyof AdminLevel, string>;
interface LevelsFormValues {
  levels: LevelRow[];
}

const columns: { key: keyof AdminLevel; label: string; type: 'text' | 'number'; step?: string }[] = [
  { key: 'number', label: 'No.', type: 'number', step: '1' },
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'days', label: 'Days', type: 'number', step: '1' },
  { key: 'node', label: 'Sub-users needed', type: 'number', step: '1' },
  { key: 'reward_points', label: 'Reward points', type: 'number', step: '1' },
  { key: 'reward_amount', label: 'Reward (₹)', type: 'number', step: '0.01' },
];

const rowOf = (level: AdminLevel): LevelRow => ({
  number: String(level.number),
  name: level.name,
  days: String(level.days),
  node: String(level.node),
  reward_points: String(level.reward_points),
  reward_amount: String(level.reward_amount),
});

/** The referral level ladder, edited as a whole; levels removed here are removed (their users move up). */
export function LevelsForm({ levels }: { levels: AdminLevel[] }) {
  const update = useUpdateLevels();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<LevelsFormValues, unknown, LevelsInput>({
    resolver: formResolver(levelsBody),
    mode: 'onTouched',
    defaultValues: { levels: levels.map(rowOf) },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'levels' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await update.mutateAsync(values);
      notifications.success('Levels saved. They apply from now on.');
      reset({ levels: data.map(rowOf) });
    } catch (error) {
      showServerError(error, { setError, fields: ['levels'] });
    }
  });

  const nextNumber = () => String(fields.length + 1);
  // The ladder-wide rules (at least one level, unique numbers) report on `levels` itself.
  const ladderError = errors.levels?.message ?? errors.levels?.root?.message;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Levels">
      {ladderError && (
        <Alert variant="danger" className="py-2">
          {ladderError}
        </Alert>
      )}
      <ResponsiveTable regionLabel="Levels" size="sm" className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => (
            <tr key={field.id}>
              {columns.map((column) => {
                const error = errors.levels?.[index]?.[column.key]?.message;
                const id = `level-${index}-${column.key}`;
                return (
                  <td key={column.key} style={column.key === 'name' ? { minWidth: '9rem' } : { minWidth: '6rem' }}>
                    <Form.Control
                      id={id}
                      size="sm"
                      type={column.type}
                      step={column.step}
                      min={column.type === 'number' ? 0 : undefined}
                      aria-label={`Level ${index + 1} ${column.label}`}
                      {...register(`levels.${index}.${column.key}`)}
                      isInvalid={Boolean(error)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    />
                    {error && (
                      <Form.Control.Feedback id={`${id}-error`} type="invalid">
                        {error}
                      </Form.Control.Feedback>
                    )}
                  </td>
                );
              })}
              <td className="text-end">
                <Button
                  size="sm"
                  variant="link"
                  className="text-danger"
                  onClick={() => remove(index)}
                  aria-label={`Remove level ${index + 1}`}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
      <div className="d-flex gap-2">
        <Button
          variant="outline-primary"
          onClick={() =>
            append({ number: nextNumber(), name: '', days: '30', node: '1', reward_points: '0', reward_amount: '0' })
          }
        >
          Add level
        </Button>
        <SubmitButton isBusy={isSubmitting} disabled={!isDirty}>
          Save levels
        </SubmitButton>
      </div>
    </Form>
  );
}
