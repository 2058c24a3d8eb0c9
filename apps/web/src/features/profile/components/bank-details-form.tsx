import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { bankDetailsBody, type BankDetailsBody, type BankDetailsData, type BankDetailsInput } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSaveBankDetails } from '../api/save-bank-details';

type FormValues = Record<keyof BankDetailsInput, string>;

/** The account number is never sent back unmasked, so it is always typed afresh. */
function bankFormValues(bank: BankDetailsData | null): FormValues {
  return {
    full_name: bank?.full_name ?? '',
    bank_name: bank?.bank_name ?? '',
    bank_branch: bank?.bank_branch ?? '',
    account_number: '',
    ifsc_code: bank?.ifsc_code ?? '',
    pan_card: bank?.pan_card ?? '',
  };
}

/** 'Bank Account Information' (spec sections 2 and 5): where withdrawals are paid. */
export function BankDetailsForm({ bank }: { bank: BankDetailsData | null }) {
  const save = useSaveBankDetails();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<BankDetailsBody, unknown, BankDetailsInput>({
    resolver: zodResolver(bankDetailsBody),
    mode: 'onTouched',
    defaultValues: bankFormValues(bank),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data, message } = await save.mutateAsync(values);
      notifications.success(message);
      reset(bankFormValues(data));
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  const field = (name: keyof BankDetailsInput) => ({
    id: `bank-${name.replaceAll('_', '-')}`,
    registration: register(name),
    error: errors[name]?.message,
    className: '',
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Bank Account Information">
      {bank && (
        <p className="small text-body-secondary" data-testid="bank-on-file">
          On file: {bank.bank_name}, account <span className="font-monospace">{bank.account_number}</span>.
          Enter the full account number again to update the details.
        </p>
      )}
      <Row className="g-3 mb-4">
        <Col md={6}><TextField {...field('full_name')} label="Account Holder Name" autoComplete="name" /></Col>
        <Col md={6}><TextField {...field('bank_name')} label="Bank Name" /></Col>
        <Col md={6}><TextField {...field('bank_branch')} label="Branch Name" /></Col>
        <Col md={6}>
          <TextField
            {...field('account_number')} label="Account Number" inputMode="numeric" autoComplete="off"
            placeholder={bank ? bank.account_number : undefined}
          />
        </Col>
        <Col md={6}>
          <TextField {...field('ifsc_code')} label="IFSC Code" autoComplete="off" autoCapitalize="characters" maxLength={11} />
        </Col>
        <Col md={6}>
          <TextField {...field('pan_card')} label="PAN Card" autoComplete="off" autoCapitalize="characters" maxLength={10} />
        </Col>
      </Row>
      <SubmitButton isBusy={isSubmitting}>Update Bank Details</SubmitButton>
    </Form>
  );
}
