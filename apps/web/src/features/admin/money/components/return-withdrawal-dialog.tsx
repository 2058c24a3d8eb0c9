import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { formatInr, returnBody, type AdminWithdrawal, type ReturnBody, type SettleData } from '@app/contracts';
import { TextAreaField, TextField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { useReturnWithdrawal } from '../api/return-withdrawal';
import { useDecideOnce } from './use-decide-once';

interface ReturnWithdrawalDialogProps {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onReturned: (result: SettleData, message: string) => void;
}

/**
 * A paid withdrawal the bank sent back (a closed account, a name that did not match): the reason, and the amount
 * goes back to the learner's wallet, once. The withdrawal stays Done with its bank reference. The operator types the
 * bank reference of the transfer that came back, from the bank statement: the server refuses it on a withdrawal that
 * was not paid with it (the wrong row would pay the learner twice), so the dialog does not show the row's own.
 */
export function ReturnWithdrawalDialog({ withdrawal, onClose, onReturned }: ReturnWithdrawalDialogProps) {
  const returnIt = useReturnWithdrawal();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReturnBody, unknown, ReturnBody>({
    resolver: formResolver(returnBody),
    mode: 'onTouched',
    defaultValues: { reason: '', bank_reference: '' },
  });
  const send = useDecideOnce({
    request: (body: ReturnBody) => returnIt.mutateAsync({ id: withdrawal.id, body }),
    setError,
    fields: ['reason', 'bank_reference'],
    onDecided: onReturned,
    onClose,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);
  const isBusy = isSubmitting || returnIt.isPending;

  return (
    <Modal show onHide={isBusy ? () => undefined : onClose} centered aria-labelledby="return-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!isBusy}>
          <Modal.Title id="return-title" as="h2" className="h5">
            Returned by the bank
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            <strong>{formatInr(withdrawal.amount)}</strong> paid to {withdrawal.user.name} ({withdrawal.user.email})
            came back.
          </p>
          <p className="small text-body-secondary">
            The amount goes back to the learner&apos;s wallet and they are told why by mail; they can then ask again.
          </p>
          <TextField
            id="return-bank-reference"
            label="Bank reference of the returned transfer"
            registration={register('bank_reference')}
            error={errors.bank_reference?.message}
            autoComplete="off"
          />
          <TextAreaField
            id="return-reason"
            label="Reason"
            rows={2}
            className="mb-0"
            registration={register('reason')}
            error={errors.reason?.message}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <SubmitButton isBusy={isBusy} variant="warning">
            Give the amount back
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
