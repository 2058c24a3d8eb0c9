import type { InputHTMLAttributes, ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { settingsBody, type AdminSettings } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useUpdateSettings, type SettingsInput } from '../api/update-settings';

type RatesFormValues = Record<keyof AdminSettings, string>;

const fields = [
  'commission_percent',
  'convert_value',
  'pass_mark_percent',
  'minimum_withdrawal',
  'refund_window_days',
  'offer_reservation_minutes',
  'referral_hold_signups_per_ip_week',
  'level_min_purchase',
  'quiz_retake_cooldown_hours',
  'quiz_max_attempts',
] as const satisfies readonly (keyof AdminSettings)[];

const valuesOf = (settings: AdminSettings): RatesFormValues => ({
  commission_percent: String(settings.commission_percent),
  convert_value: String(settings.convert_value),
  pass_mark_percent: String(settings.pass_mark_percent),
  minimum_withdrawal: String(settings.minimum_withdrawal),
  referral_hold_signups_per_ip_week: String(settings.referral_hold_signups_per_ip_week),
  level_min_purchase: String(settings.level_min_purchase),
  refund_window_days: String(settings.refund_window_days),
  offer_reservation_minutes: String(settings.offer_reservation_minutes),
  quiz_retake_cooldown_hours: String(settings.quiz_retake_cooldown_hours),
  quiz_max_attempts: String(settings.quiz_max_attempts),
});

interface RateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'value' | 'defaultValue'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** What the rate does, under the input and read with it. */
  hint?: ReactNode;
}

/** A labelled number input with its hint and validation message (TextField has no hint). */
function RateField({ id, label, registration, error, hint, ...inputProps }: RateFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="number"
        {...inputProps}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error}
        </Form.Control.Feedback>
      )}
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
    </Form.Group>
  );
}

/** The business rates; a change applies from the next request on. */
export function RatesForm({ settings }: { settings: AdminSettings }) {
  const update = useUpdateSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RatesFormValues, unknown, SettingsInput>({
    resolver: formResolver(settingsBody),
    mode: 'onTouched',
    defaultValues: valuesOf(settings),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await update.mutateAsync(values);
      notifications.success('Rates saved. They apply from now on.');
      reset(valuesOf(data));
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  const decimal = { inputMode: 'decimal', min: 0, step: '0.01' } as const;
  const whole = { inputMode: 'numeric', step: 1 } as const;
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Rates">
      <Row>
        <Col md={6}>
          <RateField
            id="rate-commission"
            label="Referral commission (%)"
            {...decimal}
            registration={register('commission_percent')}
            error={errors.commission_percent?.message}
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-convert"
            label="Convert value (₹ per point)"
            {...decimal}
            registration={register('convert_value')}
            error={errors.convert_value?.message}
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-pass-mark"
            label="Quiz pass mark (%)"
            {...decimal}
            registration={register('pass_mark_percent')}
            error={errors.pass_mark_percent?.message}
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-minimum-withdrawal"
            label="Minimum withdrawal (₹)"
            {...decimal}
            registration={register('minimum_withdrawal')}
            error={errors.minimum_withdrawal?.message}
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-refund-window"
            label="Refund window (days)"
            {...whole}
            min={0}
            max={60}
            registration={register('refund_window_days')}
            error={errors.refund_window_days?.message}
            hint="Commissions, level rewards and Quiz Points stay Pending this many days after the purchase that earned them; a refund inside the window cancels them."
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-offer-reservation"
            label="Offer code reservation (minutes)"
            {...whole}
            min={5}
            max={1440}
            registration={register('offer_reservation_minutes')}
            error={errors.offer_reservation_minutes?.message}
            hint="A checkout with a limited offer code holds one use of it this many minutes."
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-hold"
            label="Hold threshold (sign-ups per address per week)"
            {...whole}
            min={1}
            registration={register('referral_hold_signups_per_ip_week')}
            error={errors.referral_hold_signups_per_ip_week?.message}
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-level-minimum"
            label="Level minimum purchase (₹)"
            {...decimal}
            registration={register('level_min_purchase')}
            error={errors.level_min_purchase?.message}
            hint="A sub-user counts for their referrer's level only with a purchase paid at least this much (0: any paid purchase). Keep it above what a level pays per sub-user, or cheap courses and deep offer codes let sign-ups farm level rewards."
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-quiz-cooldown"
            label="Quiz retake cooldown (hours)"
            {...whole}
            min={0}
            max={720}
            registration={register('quiz_retake_cooldown_hours')}
            error={errors.quiz_retake_cooldown_hours?.message}
            hint="How long after submitting a quiz a learner waits before retaking it; 0 allows a retake at once."
          />
        </Col>
        <Col md={6}>
          <RateField
            id="rate-quiz-attempts"
            label="Quiz attempts (maximum)"
            {...whole}
            min={1}
            max={20}
            registration={register('quiz_max_attempts')}
            error={errors.quiz_max_attempts?.message}
            hint="Attempts a learner may make at one quiz, the first included; the best counts for the certificate. Quiz Points come from the first only."
          />
        </Col>
      </Row>
      <SubmitButton isBusy={isSubmitting} disabled={!isDirty}>
        Save rates
      </SubmitButton>
    </Form>
  );
}
