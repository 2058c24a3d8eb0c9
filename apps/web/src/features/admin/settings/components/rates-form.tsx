import { useForm } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { settingsBody, type AdminSettings } from '@app/contracts';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useUpdateSettings, type SettingsInput } from '../api/update-settings';

type RatesFormValues = Record<keyof AdminSettings, string>;

const fields = ['commission_percent', 'convert_value', 'pass_mark_percent', 'minimum_withdrawal', 'referral_hold_signups_per_ip_week'] as const;

const valuesOf = (settings: AdminSettings): RatesFormValues => ({
  commission_percent: String(settings.commission_percent),
  convert_value: String(settings.convert_value),
  pass_mark_percent: String(settings.pass_mark_percent),
  minimum_withdrawal: String(settings.minimum_withdrawal),
  referral_hold_signups_per_ip_week: String(settings.referral_hold_signups_per_ip_week),
});

/** The business rates; a change applies from the next request on. */
export function RatesForm({ settings }: { settings: AdminSettings }) {
  const update = useUpdateSettings();
  const {
    register, handleSubmit, setError, reset, formState: { errors, isSubmitting, isDirty },
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

  const number = { type: 'number', inputMode: 'decimal', min: 0 } as const;
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Rates">
      <Row>
        <Col md={6}>
          <TextField id="rate-commission" label="Referral commission (%)" step="0.01" {...number}
            registration={register('commission_percent')} error={errors.commission_percent?.message} />
        </Col>
        <Col md={6}>
          <TextField id="rate-convert" label="Convert value (₹ per point)" step="0.01" {...number}
            registration={register('convert_value')} error={errors.convert_value?.message} />
        </Col>
        <Col md={6}>
          <TextField id="rate-pass-mark" label="Quiz pass mark (%)" step="0.01" {...number}
            registration={register('pass_mark_percent')} error={errors.pass_mark_percent?.message} />
        </Col>
        <Col md={6}>
          <TextField id="rate-minimum-withdrawal" label="Minimum withdrawal (₹)" step="0.01" {...number}
            registration={register('minimum_withdrawal')} error={errors.minimum_withdrawal?.message} />
        </Col>
        <Col md={6}>
          <TextField id="rate-hold" label="Hold threshold (sign-ups per address per week)" step="1" {...number}
            registration={register('referral_hold_signups_per_ip_week')} error={errors.referral_hold_signups_per_ip_week?.message} />
        </Col>
      </Row>
      <SubmitButton isBusy={isSubmitting} disabled={!isDirty}>Save rates</SubmitButton>
    </Form>
  );
}
