import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { adminMessages, formatInr, type AdminWithdrawal } from '@app/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDateTime } from '../../utils/format';
import { useTakeOverPayout } from '../api/take-over-payout';
import { WithdrawalSummary } from './withdrawal-summary';

interface TakeOverDialogProps {
  /** A Pending withdrawal another operator has been paying for at least 24 hours. */
  withdrawal: AdminWithdrawal & { payout: NonNullable<AdminWithdrawal['payout']> };
  onClose: () => void;
  /** Taken over: the withdrawal, with the account to pay to. */
  onTakenOver: (withdrawal: AdminWithdrawal, message: string) => void;
}

/**
 * Take over a withdrawal whose payer is away (decision 054): only once the operator has checked on the bank statement
 * that the payer's transfer did not go out, which they confirm with the checkbox (the server refuses without it).
 * One request however fast it is clicked; a refusal (too soon, taken over by someone else meanwhile) is shown here.
 */
export function TakeOverDialog({ withdrawal, onClose, onTakenOver }: TakeOverDialogProps) {
  const takeOver = useTakeOverPayout();
  const [isChecked, setChecked] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const isSending = useRef(false);
  const checkId = useId();
  const { payout } = withdrawal;
  const payer = payout.paid_by.name;
  const isBusy = takeOver.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isChecked) {
      setCheckError(adminMessages.takeOverConfirmRequired);
      return;
    }
    if (isSending.current) return;
    isSending.current = true;
    setRefusal(null);
    try {
      const { data, message } = await takeOver.mutateAsync({
        id: withdrawal.id,
        body: { bank_statement_checked: true },
      });
      onTakenOver(data, message);
    } catch (error) {
      isSending.current = false;
      const field = error instanceof ApiError ? error.errors.bank_statement_checked?.[0] : undefined;
      if (field) setCheckError(field);
      else setRefusal(errorMessage(error));
    }
  };

  return (
    <Modal show onHide={isBusy ? () => undefined : onClose} centered aria-labelledby="take-over-title">
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton={!isBusy}>
          <Modal.Title id="take-over-title" as="h2" className="h5">
            Take over withdrawal
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <WithdrawalSummary withdrawal={withdrawal} />
          <p className="small" data-testid="take-over-payer">
            {payer} {payout.taken_over_at ? 'took over paying it' : 'started paying it'},{' '}
            {formatDateTime(payout.taken_over_at ?? payout.started_at)}, and has not marked it Done or rejected it.
            Before you take it over, look on the bank statement for a transfer of {formatInr(withdrawal.amount)} to{' '}
            {withdrawal.bank
              ? `${withdrawal.bank.full_name}, account ${withdrawal.bank.account_number}`
              : 'this learner'}{' '}
            since then. Once you take it over, {payer} can no longer settle it: you pay it.
          </p>
          {refusal && (
            <Alert variant="danger" className="small py-2">
              {refusal}
            </Alert>
          )}
          <Form.Check
            id={checkId}
            type="checkbox"
            className="mb-0"
            label={`I checked the bank statement: ${payer}'s transfer did not go out.`}
            checked={isChecked}
            disabled={isBusy}
            isInvalid={Boolean(checkError)}
            aria-describedby={checkError ? `${checkId}-error` : undefined}
            onChange={(event) => {
              setChecked(event.target.checked);
              if (event.target.checked) setCheckError(null);
            }}
          />
          {checkError && (
            <div id={`${checkId}-error`} className="invalid-feedback d-block">
              {checkError}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <SubmitButton isBusy={isBusy} variant="warning">
            Take over
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
