import { Trans, useTranslation } from 'react-i18next';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { bankDetailsBody, type BankDetailsData, type BankDetailsInput } from '@app/contracts';
import { PasswordField, TextField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSaveBankDetails } from '../api/save-bank-details';
import { useSectionForm } from './use-section-form';

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
    current_password: '',
  };
}

/** 'Bank Account Information' (docs/product/profile.md#bank-details): where withdrawals are paid. */
export function BankDetailsForm({ bank }: { bank: BankDetailsData | null }) {
  const save = useSaveBankDetails();
  const { t } = useTranslation('profile');
  const { onSubmit, field, isSubmitting } = useSectionForm({
    schema: bankDetailsBody,
    idPrefix: 'bank',
    data: bank,
    valuesOf: bankFormValues,
    save: save.mutateAsync,
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('sections.bank')}>
      {bank && (
        <p className="small text-body-secondary" data-testid="bank-on-file">
          <Trans
            t={t}
            i18nKey="bank.onFile"
            values={{ bank: bank.bank_name, account: bank.account_number }}
            components={{ mono: <span className="font-monospace" /> }}
          />
        </p>
      )}
      <Row className="g-3 mb-4">
        <Col md={6}>
          <TextField {...field('full_name')} label={t('bank.holder')} autoComplete="name" />
        </Col>
        <Col md={6}>
          <TextField {...field('bank_name')} label={t('bank.bankName')} />
        </Col>
        <Col md={6}>
          <TextField {...field('bank_branch')} label={t('bank.branch')} />
        </Col>
        <Col md={6}>
          <TextField
            {...field('account_number')}
            label={t('bank.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            placeholder={bank ? bank.account_number : undefined}
          />
        </Col>
        <Col md={6}>
          <TextField
            {...field('ifsc_code')}
            label={t('bank.ifsc')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={11}
          />
        </Col>
        <Col md={6}>
          <TextField
            {...field('pan_card')}
            label={t('bank.pan')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={10}
          />
        </Col>
        <Col md={6}>
          <PasswordField
            {...field('current_password')}
            label={t('password.current')}
            autoComplete="current-password"
            describedBy="bank-password-hint"
          >
            <Form.Text id="bank-password-hint">{t('bank.passwordHint')}</Form.Text>
          </PasswordField>
        </Col>
      </Row>
      <SubmitButton isBusy={isSubmitting}>{t('bank.submit')}</SubmitButton>
    </Form>
  );
}
