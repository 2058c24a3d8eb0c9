import { useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import Row from 'react-bootstrap/Row';
import {
  adminMessages,
  GUESS_WORTHY_CODE_MIN_LENGTH,
  isGuessWorthyCode,
  offerCodeBody,
  type AdminBatch,
  type AdminOfferCode,
  type OfferCodeInput,
} from '@app/contracts';
import { SelectField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { AsyncContent } from '../../components/async-content';
import { SwitchField } from '../../components/fields';
import { ModalForm } from '../../components/modal-form';
import { useBatches } from '../../api/get-batches';
import { toDateTimeInput } from '../../utils/format';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateOfferCode } from '../api/create-offer-code';
import { useUpdateOfferCode } from '../api/update-offer-code';
import { randomOfferCode } from '../random-offer-code';

interface OfferCodeFormValues {
  code: string;
  is_fixed_amount: 'true' | 'false';
  discount: string;
  minimum_amount: string;
  valid_from: string;
  valid_until: string;
  max_uses: string;
  max_uses_per_user: string;
  batch_id: string;
  is_active: boolean;
}

const fields = [
  'code',
  'is_fixed_amount',
  'discount',
  'minimum_amount',
  'valid_from',
  'valid_until',
  'max_uses',
  'max_uses_per_user',
  'batch_id',
  'is_active',
] as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const valuesOf = (code?: AdminOfferCode): OfferCodeFormValues => ({
  code: code?.code ?? '',
  is_fixed_amount: code && !code.is_fixed_amount ? 'false' : 'true',
  discount: text(code?.discount),
  minimum_amount: text(code?.minimum_amount ?? 0),
  valid_from: toDateTimeInput(code?.valid_from),
  valid_until: toDateTimeInput(code?.valid_until),
  max_uses: text(code?.max_uses),
  max_uses_per_user: text(code?.max_uses_per_user),
  batch_id: text(code?.batch_id),
  is_active: code?.is_active ?? true,
});

interface OfferCodeFormModalProps {
  /** The code to edit; a new one when absent. */
  offerCode?: AdminOfferCode;
  onClose: () => void;
}

/** Every rule of an offer code: fixed or percentage, minimum, validity window, use limits, batch, active. */
export function OfferCodeFormModal({ offerCode, onClose }: OfferCodeFormModalProps) {
  // The batch select needs its options before it mounts, or an edited code would show (and save) none.
  const batches = useBatches();
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="offer-code-form-title">
      <AsyncContent query={batches}>
        {batches.data && <OfferCodeForm offerCode={offerCode} batches={batches.data} onClose={onClose} />}
      </AsyncContent>
    </Modal>
  );
}

function OfferCodeForm({ offerCode, batches, onClose }: OfferCodeFormModalProps & { batches: AdminBatch[] }) {
  const create = useCreateOfferCode();
  const update = useUpdateOfferCode();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<OfferCodeFormValues, unknown, OfferCodeInput>({
    resolver: formResolver(offerCodeBody),
    mode: 'onTouched',
    defaultValues: valuesOf(offerCode),
  });
  const isFixed = useWatch({ control, name: 'is_fixed_amount' }) === 'true';
  const [code, discount, batchId] = useWatch({ control, name: ['code', 'discount', 'batch_id'] });
  // The server's rule (decision 076), said before saving: a free or a school's code must not be a short word.
  const codeHint =
    !errors.code &&
    isGuessWorthyCode({ is_fixed_amount: isFixed, discount: Number(discount), batch_id: batchId ? 1 : null }) &&
    code.trim().length < GUESS_WORTHY_CODE_MIN_LENGTH
      ? adminMessages.codeTooGuessable
      : undefined;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (offerCode) await update.mutateAsync({ id: offerCode.id, body: values });
      else await create.mutateAsync(values);
      notifications.success(offerCode ? 'Offer code saved.' : 'Offer code created.');
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  return (
    <ModalForm
      titleId="offer-code-form-title"
      title={offerCode ? `Edit ${offerCode.code}` : 'New offer code'}
      submitLabel={offerCode ? 'Save offer code' : 'Create offer code'}
      isBusy={isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Row>
        <Col md={6}>
          <TextField
            id="offer-code"
            label="Code"
            autoCapitalize="characters"
            registration={register('code')}
            error={errors.code?.message}
            hint={codeHint}
            action={
              <Button
                variant="outline-secondary"
                onClick={() => setValue('code', randomOfferCode(), { shouldValidate: true, shouldDirty: true })}
              >
                Generate
              </Button>
            }
          />
        </Col>
        <Col md={6}>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Discount type</legend>
            <Form.Check
              inline
              type="radio"
              id="offer-fixed"
              label="Fixed amount (₹)"
              value="true"
              {...register('is_fixed_amount')}
            />
            <Form.Check
              inline
              type="radio"
              id="offer-percent"
              label="Percentage (%)"
              value="false"
              {...register('is_fixed_amount')}
            />
          </fieldset>
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField
            id="offer-discount"
            label={isFixed ? 'Discount (₹)' : 'Discount (%)'}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            registration={register('discount')}
            error={errors.discount?.message}
          />
        </Col>
        <Col md={6}>
          <TextField
            id="offer-minimum"
            label="Minimum price (₹)"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            registration={register('minimum_amount')}
            error={errors.minimum_amount?.message}
          />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField
            id="offer-valid-from"
            label="Valid from (optional)"
            type="datetime-local"
            registration={register('valid_from')}
            error={errors.valid_from?.message}
          />
        </Col>
        <Col md={6}>
          <TextField
            id="offer-valid-until"
            label="Valid until (optional)"
            type="datetime-local"
            registration={register('valid_until')}
            error={errors.valid_until?.message}
          />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField
            id="offer-max-uses"
            label="Max uses (empty: unlimited)"
            type="number"
            min={1}
            step={1}
            registration={register('max_uses')}
            error={errors.max_uses?.message}
          />
        </Col>
        <Col md={6}>
          <TextField
            id="offer-max-per-user"
            label="Uses per user (empty: unlimited)"
            type="number"
            min={1}
            step={1}
            registration={register('max_uses_per_user')}
            error={errors.max_uses_per_user?.message}
          />
        </Col>
      </Row>
      <SelectField
        id="offer-batch"
        label="Batch"
        registration={register('batch_id')}
        error={errors.batch_id?.message}
        hint="A batch's own code applies only to that batch's fee."
      >
        <option value="">Any course</option>
        {batches.map((batch) => (
          <option key={batch.id} value={batch.id}>
            {batch.name}
          </option>
        ))}
      </SelectField>
      <SwitchField
        id="offer-active"
        label="Active"
        registration={register('is_active')}
        error={errors.is_active?.message}
        className="mb-0"
      />
    </ModalForm>
  );
}
