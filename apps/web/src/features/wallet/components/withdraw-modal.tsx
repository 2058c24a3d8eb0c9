import { useId, type FormEvent, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Modal } from '@/components/ui/modal';
import { z } from 'zod';
import {
  DEFAULT_MINIMUM_WITHDRAWAL_PAISE,
  formatInr,
  messages,
  paiseToRupees,
  rupeesToPaise,
  walletMessages,
  withdrawBody,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { translateAppMessage, useAppMessage } from '@/lib/i18n';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useWithdraw } from '../api/withdraw';
import { useWalletRates } from '../api/get-convert-value';
import { useWalletAttempt } from '../utils/unanswered-attempts';

const withdrawFormSchema = (balance: number, minimum: number) =>
  z.object({
    amount: withdrawBody.shape.amount
      .refine(
        (amount) => rupeesToPaise(amount) >= rupeesToPaise(minimum),
        walletMessages.amountBelowMinimum(formatInr(minimum)),
      )
      .refine((amount) => rupeesToPaise(amount) <= rupeesToPaise(balance), walletMessages.amountAboveBalance),
  });
type WithdrawForm = z.input<ReturnType<typeof withdrawFormSchema>>;
type WithdrawValues = z.output<ReturnType<typeof withdrawFormSchema>>;

interface WithdrawModalProps {
  show: boolean;
  onHide: () => void;
  balance: number;
  /** The bank account the money goes to (masked), or how to add one. */
  destination: ReactNode;
}

/** 'Withdraw to account': amount, where it goes, then confirm (docs/product/wallet-and-withdrawals.md#withdraw). */
export function WithdrawModal({ show, onHide, balance, destination }: WithdrawModalProps) {
  const navigate = useNavigate();
  const withdrawal = useWithdraw();
  // The operators' minimum; the default until the server's answer arrives (the server checks again).
  const minimum = useWalletRates().data?.minimum_withdrawal ?? paiseToRupees(DEFAULT_MINIMUM_WITHDRAWAL_PAISE);
  const titleId = useId();
  const amountId = useId();
  const { t } = useTranslation('wallet');
  const { inr } = useFormat();
  const appMessage = useAppMessage();
  /**
   * Set on Continue: this confirmation's Idempotency-Key, reused if Confirm is retried, and by the next confirmation
   * of the same amount while this one's answer is lost (utils/unanswered-attempts.ts).
   */
  const { attempt, lostOnOpen, begin, back, end } = useWalletAttempt('withdraw');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WithdrawForm, unknown, WithdrawValues>({
    resolver: zodResolver(withdrawFormSchema(balance, minimum)),
    mode: 'onTouched',
    defaultValues: { amount: '' },
  });

  const finish = () => {
    end();
    reset({ amount: '' });
    onHide();
  };
  // The modal stays while money is moving.
  const close = () => {
    if (!withdrawal.isPending) finish();
  };

  const onContinue = handleSubmit(({ amount }) => begin(amount));

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!attempt) return;
    try {
      const { message } = await withdrawal.mutateAsync({ amount: attempt.amount, idempotencyKey: attempt.key });
      notifications.success(message);
      finish();
    } catch (error) {
      const message = errorMessage(error);
      notifications.error(message);
      // Without bank details the learner is sent to Profile, at its bank form (docs/product/wallet-and-withdrawals.md#withdraw).
      // (The server answers in the app's language; errorMessage translates an English answer.)
      if (message === translateAppMessage(messages.fillAccountDetails)) {
        finish();
        await navigate({ pathname: paths.profile.getHref(), hash: 'bank-account' });
      }
    }
  };

  const amountError = errors.amount?.message;

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {attempt ? t('withdraw.confirmTitle') : t('withdrawToAccount')}
        </Modal.Title>
      </Modal.Header>
      {attempt ? (
        <Form onSubmit={(event) => void onConfirm(event)}>
          <Modal.Body>
            <p className="mb-1">{t('withdraw.aboutTo')}</p>
            <p className="fs-4 fw-semibold mb-3" data-testid="withdraw-summary">
              {inr(attempt.amount)}
            </p>
            <p className="small text-body-secondary mb-1">{t('withdraw.to')}</p>
            <div className="border rounded p-2 mb-3 small">{destination}</div>
            <p className="small mb-1">
              <Trans
                t={t}
                i18nKey="withdraw.balanceAfter"
                values={{ amount: inr(paiseToRupees(rupeesToPaise(balance) - rupeesToPaise(attempt.amount))) }}
                components={{ strong: <span className="fw-semibold" /> }}
              />
            </p>
            <p className="small text-body-secondary mb-0">{t('withdraw.heldAsPending')}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" disabled={withdrawal.isPending} onClick={back}>
              {t('back')}
            </Button>
            <SubmitButton isBusy={withdrawal.isPending}>{t('confirm')}</SubmitButton>
          </Modal.Footer>
        </Form>
      ) : (
        <Form noValidate onSubmit={(event) => void onContinue(event)}>
          <Modal.Body>
            {lostOnOpen && (
              <Alert variant="warning" className="small py-2">
                {t('withdraw.lostAnswer', { amount: inr(lostOnOpen.amount) })}
              </Alert>
            )}
            <Form.Group className="mb-2" controlId={amountId}>
              <Form.Label>{t('withdraw.amount')}</Form.Label>
              <InputGroup hasValidation>
                <InputGroup.Text>₹</InputGroup.Text>
                <Form.Control
                  type="number"
                  inputMode="decimal"
                  min={minimum}
                  max={balance}
                  step="0.01"
                  {...register('amount')}
                  isInvalid={Boolean(amountError)}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={`${amountId}-hint${amountError ? ` ${amountId}-error` : ''}`}
                />
                {amountError && (
                  <Form.Control.Feedback id={`${amountId}-error`} type="invalid">
                    {appMessage(amountError)}
                  </Form.Control.Feedback>
                )}
              </InputGroup>
              <Form.Text id={`${amountId}-hint`}>
                {t('withdraw.limits', { minimum: inr(minimum), available: inr(balance) })}
              </Form.Text>
            </Form.Group>
            <p className="small text-body-secondary mb-1 mt-3">{t('withdraw.to')}</p>
            <div className="border rounded p-2 small">{destination}</div>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="primary">
              {t('continue')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
