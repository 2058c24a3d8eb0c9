import { useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { formatInr, returnBody, type AdminWithdrawal, type ReturnBody, type SettleData } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { TextAreaField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useReturnWithdrawal } from '../api/return-withdrawal';

interface ReturnWithdrawalDialogProps {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onReturned: (result: SettleData, message: string) => void;
}

/**
 * A paid withdrawal the bank sent back (a closed account, a name that did not match): the reason, and the amount
 * goes back to the learner's wallet, once. The withdrawal stays Done with its bank reference.
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
    defaultValues: { reason: '' },
  });
  // One request per dialog, however fast the button is clicked again.
  const isSending = useRef(false);

  const send = async (values: ReturnBody) => {
    if (isSending.current) return;
    isSending.current = true;
    try {
      const { data, message } = await returnIt.mutateAsync({ id: withdrawal.id, body: values });
      onReturned(data, message);
    } catch (error) {
      isSending.current = false;
      showServerError(error, { setError, fields: ['reason'] });
      // Already returned (by another operator) or not paid: nothing more to do in this dialog.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) onClose();
    }
  };
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
            <strong>{formatInr(withdrawal.amount)}</strong> paid to {withdrawal.user.name} (bank reference{' '}
            <span className="font-monospace">{withdrawal.bank_reference}</span>) came back.
          </p>
          <p className="small text-body-secondary">
            The amount goes back to the learner&apos;s wallet and they are told why by mail; they can then ask again.
          </p>
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
