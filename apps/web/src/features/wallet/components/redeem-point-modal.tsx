import { useId, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import {
  formatInr, paiseToRupees, redeemPointBody, redeemValuePaise, rupeesToPaise, walletMessages,
} from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConvertValue } from '../api/get-convert-value';
import { useRedeemPoint } from '../api/redeem-point';
import { newIdempotencyKey } from '../utils/idempotent-post';

const redeemFormSchema = (pointsHeld: number) => z.object({
  point: redeemPointBody.shape.point.refine((point) => point <= pointsHeld, walletMessages.pointAboveHeld),
});
type RedeemForm = z.input<ReturnType<typeof redeemFormSchema>>;
type RedeemValues = z.output<ReturnType<typeof redeemFormSchema>>;

/** 'N points → ₹X' with the server's convert value; null while unknown. */
export function redeemPreview(points: number, convertValue: number | undefined): string | null {
  if (convertValue === undefined || !Number.isInteger(points) || points < 1) return null;
  const rupees = paiseToRupees(redeemValuePaise(points, rupeesToPaise(convertValue)));
  return `${points.toLocaleString('en-IN')} points → ${formatInr(rupees)}`;
}

interface RedeemPointModalProps {
  show: boolean;
  onHide: () => void;
  pointsHeld: number;
  balance: number;
}

/** 'Redeem Point': choose the points, see what they become, then confirm (spec section 2, Wallet). */
export function RedeemPointModal({ show, onHide, pointsHeld, balance }: RedeemPointModalProps) {
  const convertValue = useConvertValue();
  const redeem = useRedeemPoint();
  const titleId = useId();
  /** Set on Continue: this confirmation's Idempotency-Key, reused if Confirm is retried. */
  const [attempt, setAttempt] = useState<{ point: number; key: string } | null>(null);
  const { register, handleSubmit, control, reset, formState: { errors } } = useForm<RedeemForm, unknown, RedeemValues>({
    resolver: zodResolver(redeemFormSchema(pointsHeld)),
    mode: 'onTouched',
    defaultValues: { point: String(pointsHeld) },
  });
  const typed = Number(useWatch({ control, name: 'point' }));
  const preview = redeemPreview(attempt?.point ?? typed, convertValue.data);

  const finish = () => {
    setAttempt(null);
    reset({ point: String(pointsHeld) });
    onHide();
  };
  // The modal stays while money is moving.
  const close = () => {
    if (!redeem.isPending) finish();
  };

  const onContinue = handleSubmit(({ point }) => setAttempt({ point, key: newIdempotencyKey() }));

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!attempt) return;
    try {
      const { message } = await redeem.mutateAsync({ point: attempt.point, idempotencyKey: attempt.key });
      notifications.success(message);
      finish();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  };

  const creditedRupees = attempt && convertValue.data !== undefined
    ? paiseToRupees(redeemValuePaise(attempt.point, rupeesToPaise(convertValue.data)))
    : null;

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">{attempt ? 'Confirm Redeem' : 'Redeem Point'}</Modal.Title>
      </Modal.Header>
      {attempt ? (
        <Form onSubmit={(event) => void onConfirm(event)}>
          <Modal.Body>
            <p className="mb-2">You are about to redeem</p>
            <p className="fs-4 fw-semibold mb-3" data-testid="redeem-summary">{preview}</p>
            {creditedRupees !== null && (
              <dl className="row small mb-0">
                <dt className="col-6 fw-normal text-body-secondary">Points after</dt>
                <dd className="col-6 text-end mb-1">{(pointsHeld - attempt.point).toLocaleString('en-IN')}</dd>
                <dt className="col-6 fw-normal text-body-secondary">Balance after</dt>
                <dd className="col-6 text-end mb-0">{formatInr(paiseToRupees(rupeesToPaise(balance) + rupeesToPaise(creditedRupees)))}</dd>
              </dl>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" disabled={redeem.isPending} onClick={() => setAttempt(null)}>Back</Button>
            <SubmitButton isBusy={redeem.isPending}>Confirm</SubmitButton>
          </Modal.Footer>
        </Form>
      ) : (
        <Form noValidate onSubmit={(event) => void onContinue(event)}>
          <Modal.Body>
            <TextField
              id="redeem-point" label="Points to redeem" type="number" inputMode="numeric" min={1} max={pointsHeld} step={1}
              registration={register('point')} error={errors.point?.message}
            />
            <p className="small text-body-secondary mb-2">
              You hold {pointsHeld.toLocaleString('en-IN')} points.
              {convertValue.data !== undefined && ` 1 point = ${formatInr(convertValue.data)}.`}
            </p>
            <p className="fw-semibold mb-0" aria-live="polite" data-testid="redeem-preview">
              {preview ?? (convertValue.isError ? 'The conversion value could not be loaded.' : '\u00a0')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={convertValue.data === undefined}>Continue</Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
