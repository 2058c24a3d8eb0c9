import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import Spinner from 'react-bootstrap/Spinner';
import { settleBody, type AdminWithdrawal, type SettleBody, type SettleData } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextAreaField, TextField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { formatDateTime } from '../../utils/format';
import { useStartPayout } from '../api/start-payout';
import { useSettleWithdrawal } from '../api/settle-withdrawal';
import { DebtNote } from './debt-note';
import { SharedWarning } from './shared-payout';
import { useDecideOnce } from './use-decide-once';
import { WithdrawalSummary } from './withdrawal-summary';

export type SettleOutcome = 'Done' | 'Rejected';

interface SettleFormValues {
  status: SettleOutcome;
  bank_reference: string;
  reason: string;
}

interface SettleWithdrawalDialogProps {
  withdrawal: AdminWithdrawal;
  outcome: SettleOutcome;
  onClose: () => void;
  onSettled: (result: SettleData, message: string) => void;
}

/**
 * The bank account to pay to, for 'Mark as Done': opening it starts the payment (POST …/payout, an audited look at
 * the full number), after which nobody else settles the withdrawal while the transfer may be on its way (another
 * operator's dialog shows the refusal instead of the account, and cannot mark it Done). Other users who use the same
 * account or PAN are named above it (a warning, not a block).
 */
function PayTo({ detail }: { detail: ReturnType<typeof useStartPayout> }) {
  if (detail.isPending)
    return (
      <p className="small">
        <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
        Loading bank details…
      </p>
    );
  if (detail.isError)
    return (
      <Alert variant="danger" className="small py-2">
        {errorMessage(detail.error)}
      </Alert>
    );
  const { bank, payout, shared_with: sharing } = detail.data;
  const started = payout && (
    <p className="small text-body-secondary" data-testid="payout-started">
      {payout.taken_over_at
        ? `Taken over by ${payout.paid_by.name}, ${formatDateTime(payout.taken_over_at)} (started by ${payout.started_by.name})`
        : `Payment started by ${payout.started_by.name}, ${formatDateTime(payout.started_at)}`}
      : nobody else can settle it now.
    </p>
  );
  if (!bank)
    return (
      <Alert variant="warning" className="small py-2">
        This learner has no bank details on file.
      </Alert>
    );
  return (
    <>
      {started}
      <DebtNote withdrawal={detail.data} isPaying />
      <SharedWarning sharing={sharing} isPaying />
      <dl className="row small mb-3" aria-label="Pay to">
        <dt className="col-5">Account holder</dt>
        <dd className="col-7">{bank.full_name}</dd>
        <dt className="col-5">Bank</dt>
        <dd className="col-7">
          {bank.bank_name}, {bank.bank_branch}
        </dd>
        <dt className="col-5">Account number</dt>
        <dd className="col-7 font-monospace">{bank.account_number}</dd>
        <dt className="col-5">IFSC</dt>
        <dd className="col-7 font-monospace">{bank.ifsc_code}</dd>
      </dl>
    </>
  );
}

/**
 * Settle a pending withdrawal once: Done with the bank transfer's reference, or Rejected with a
 * reason (the amount goes back to the wallet). The button is disabled while the request runs.
 */
export function SettleWithdrawalDialog({ withdrawal, outcome, onClose, onSettled }: SettleWithdrawalDialogProps) {
  const settle = useSettleWithdrawal();
  const isDone = outcome === 'Done';
  const payout = useStartPayout(withdrawal.id, { enabled: isDone });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettleFormValues, unknown, SettleBody>({
    resolver: formResolver(settleBody),
    mode: 'onTouched',
    defaultValues: { status: outcome, bank_reference: '', reason: '' },
  });

  const send = useDecideOnce({
    request: (body: SettleBody) => settle.mutateAsync({ id: withdrawal.id, body }),
    setError,
    fields: ['bank_reference', 'reason'],
    onDecided: onSettled,
    onClose,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);
  const isBusy = isSubmitting || settle.isPending;

  return (
    <Modal show onHide={isBusy ? () => undefined : onClose} centered aria-labelledby="settle-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!isBusy}>
          <Modal.Title id="settle-title" as="h2" className="h5">
            {isDone ? 'Mark withdrawal as Done' : 'Reject withdrawal'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <WithdrawalSummary withdrawal={withdrawal} />
          {isDone ? (
            <>
              <PayTo detail={payout} />
              <TextField
                id="settle-reference"
                label="Bank reference"
                autoComplete="off"
                className="mb-0"
                registration={register('bank_reference')}
                error={errors.bank_reference?.message}
              />
            </>
          ) : (
            <>
              <SharedWarning sharing={withdrawal.shared_with} isPaying={false} />
              {withdrawal.debt.owed > 0 ? (
                <DebtNote withdrawal={withdrawal} isPaying={false} />
              ) : (
                <p className="small text-body-secondary">The amount goes back to the learner&apos;s wallet.</p>
              )}
              <TextAreaField
                id="settle-reason"
                label="Reason"
                rows={2}
                className="mb-0"
                registration={register('reason')}
                error={errors.reason?.message}
              />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <SubmitButton isBusy={isBusy} variant={isDone ? 'success' : 'danger'} disabled={isDone && !payout.isSuccess}>
            {isDone ? 'Mark as Done' : 'Reject'}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
