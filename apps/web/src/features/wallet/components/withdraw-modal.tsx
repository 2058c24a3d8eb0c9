import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { formatInr, messages, paiseToRupees, rupeesToPaise, walletMessages, withdrawBody } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useWithdraw } from '../api/withdraw';
import { useWalletRates } from '../api/get-convert-value';
import { newIdempotencyKey } from '../utils/idempotent-post';
import { MINIMUM_WITHDRAWAL_RUPEES } from '../utils/withdraw-rules';

const withdrawFormSchema = (balance: number, minimum: number) => z.object({
  amount: withdrawBody.shape.amount
    .refine((amount) => rupeesToPaise(amount) >= rupeesToPaise(minimum),
      walletMessages.amountBelowMinimum(formatInr(minimum)))
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

/** 'Withdraw to account': amount, where it goes, then confirm (spec sections 2 and 4, Wallet). */
export function WithdrawModal({ show, onHide, balance, destination }: WithdrawModalProps) {
  const navigate = useNavigate();
  const withdrawal = useWithdraw();
  // The operators' minimum; the default until the server's answer arrives (the server checks again).
  const minimum = useWalletRates().data?.minimum_withdrawal ?? MINIMUM_WITHDRAWAL_RUPEES;
  const titleId = useId();
  const amountId = useId();
  /** Set on Continue: this confirmation's Idempotency-Key, reused if Confirm is retried. */
  const [attempt, setAttempt] = useState<{ amount: number; key: string } | null>(null);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<WithdrawForm, unknown, WithdrawValues>({
    resolver: zodResolver(withdrawFormSchema(balance, minimum)),
    mode: 'onTouched',
    defaultValues: { amount: '' },
  });

  const finish = () => {
    setAttempt(null);
    reset({ amount: '' });
    onHide();
  };
  // The modal stays while money is moving.
  const close = () => {
    if (!withdrawal.isPending) finish();
  };

  const onContinue = handleSubmit(({ amount }) => setAttempt({ amount, key: newIdempotencyKey() }));

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
      // Spec section 4: without bank details the learner is sent to Profile, at its bank form.
      if (message === messages.fillAccountDetails) {
        finish();
        await navigate({ pathname: paths.profile.getHref(), hash: 'bank-account' });
      }
    }
  };

  const amountError = errors.amount?.message;

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">{attempt ? 'Confirm Withdrawal' : 'Withdraw to account'}</Modal.Title>
      </Modal.Header>
      {attempt ? (
        <Form onSubmit={(event) => void onConfirm(event)}>
          <Modal.Body>
            <p className="mb-1">You are about to withdraw</p>
            <p className="fs-4 fw-semibold mb-3" data-testid="withdraw-summary">{formatInr(attempt.amount)}</p>
            <p className="small text-body-secondary mb-1">To</p>
            <div className="border rounded p-2 mb-3 small">{destination}</div>
            <p className="small mb-1">
              Balance after: <span className="fw-semibold">{formatInr(paiseToRupees(rupeesToPaise(balance) - rupeesToPaise(attempt.amount)))}</span>
            </p>
            <p className="small text-body-secondary mb-0">The amount is held as Pending until it is paid into your account.</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" disabled={withdrawal.isPending} onClick={() => setAttempt(null)}>Back</Button>
            <SubmitButton isBusy={withdrawal.isPending}>Confirm</SubmitButton>
          </Modal.Footer>
        </Form>
      ) : (
        <Form noValidate onSubmit={(event) => void onContinue(event)}>
          <Modal.Body>
            <Form.Group className="mb-2" controlId={amountId}>
              <Form.Label>Amount</Form.Label>
              <InputGroup hasValidation>
                <InputGroup.Text>₹</InputGroup.Text>
                <Form.Control
                  type="number" inputMode="decimal" min={minimum} max={balance} step="0.01"
                  {...register('amount')}
                  isInvalid={Boolean(amountError)}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={`${amountId}-hint${amountError ? ` ${amountId}-error` : ''}`}
                />
                {amountError && <Form.Control.Feedback id={`${amountId}-error`} type="invalid">{amountError}</Form.Control.Feedback>}
              </InputGroup>
              <Form.Text id={`${amountId}-hint`}>
                Minimum {formatInr(minimum)} · available {formatInr(balance)}
              </Form.Text>
            </Form.Group>
            <p className="small text-body-secondary mb-1 mt-3">To</p>
            <div className="border rounded p-2 small">{destination}</div>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary">Continue</Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
