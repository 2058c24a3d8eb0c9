import { useId, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { z } from 'zod';
import { paiseToRupees, redeemPointBody, redeemValuePaise, rupeesToPaise, walletMessages } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConvertValue } from '../api/get-convert-value';
import { useRedeemPoint } from '../api/redeem-point';
import { useWalletAttempt } from '../utils/unanswered-attempts';

const redeemFormSchema = (pointsHeld: number) =>
  z.object({
    point: redeemPointBody.shape.point.refine((point) => point <= pointsHeld, walletMessages.pointAboveHeld),
  });
type RedeemForm = z.input<ReturnType<typeof redeemFormSchema>>;
type RedeemValues = z.output<ReturnType<typeof redeemFormSchema>>;

/** What N points become with the server's convert value (shown as 'N points → ₹X'); null while unknown. */
export function redeemPreview(
  points: number,
  convertValue: number | undefined,
): { points: number; rupees: number } | null {
  if (convertValue === undefined || !Number.isInteger(points) || points < 1) return null;
  return { points, rupees: paiseToRupees(redeemValuePaise(points, rupeesToPaise(convertValue))) };
}

interface RedeemPointModalProps {
  show: boolean;
  onHide: () => void;
  pointsHeld: number;
  balance: number;
}

/** 'Redeem Point': choose the points, see what they become, then confirm (docs/product/wallet-and-withdrawals.md#redeem). */
export function RedeemPointModal({ show, onHide, pointsHeld, balance }: RedeemPointModalProps) {
  const convertValue = useConvertValue();
  const redeem = useRedeemPoint();
  const titleId = useId();
  const { t } = useTranslation('wallet');
  const { inr, number } = useFormat();
  /**
   * Set on Continue: this confirmation's Idempotency-Key, reused if Confirm is retried, and by the next confirmation
   * of the same points while this one's answer is lost (utils/unanswered-attempts.ts).
   */
  const { attempt, lostOnOpen, begin, back, end } = useWalletAttempt('redeem');
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<RedeemForm, unknown, RedeemValues>({
    resolver: zodResolver(redeemFormSchema(pointsHeld)),
    mode: 'onTouched',
    defaultValues: { point: String(pointsHeld) },
  });
  const typed = Number(useWatch({ control, name: 'point' }));
  const worth = redeemPreview(attempt?.amount ?? typed, convertValue.data);
  const preview = worth && t('redeem.preview', { points: number(worth.points), amount: inr(worth.rupees) });

  const finish = () => {
    end();
    reset({ point: String(pointsHeld) });
    onHide();
  };
  // The modal stays while money is moving.
  const close = () => {
    if (!redeem.isPending) finish();
  };

  const onContinue = handleSubmit(({ point }) => begin(point));

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!attempt) return;
    try {
      const { message } = await redeem.mutateAsync({ point: attempt.amount, idempotencyKey: attempt.key });
      notifications.success(message);
      finish();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  };

  const creditedRupees =
    attempt && convertValue.data !== undefined
      ? paiseToRupees(redeemValuePaise(attempt.amount, rupeesToPaise(convertValue.data)))
      : null;

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {attempt ? t('redeem.confirmTitle') : t('redeemPoint')}
        </Modal.Title>
      </Modal.Header>
      {attempt ? (
        <Form onSubmit={(event) => void onConfirm(event)}>
          <Modal.Body>
            <p className="mb-2">{t('redeem.aboutTo')}</p>
            <p className="fs-4 fw-semibold mb-3" data-testid="redeem-summary">
              {preview}
            </p>
            {creditedRupees !== null && (
              <dl className="row small mb-0">
                <dt className="col-6 fw-normal text-body-secondary">{t('redeem.pointsAfter')}</dt>
                <dd className="col-6 text-end mb-1">{number(pointsHeld - attempt.amount)}</dd>
                <dt className="col-6 fw-normal text-body-secondary">{t('redeem.balanceAfter')}</dt>
                <dd className="col-6 text-end mb-0">
                  {inr(paiseToRupees(rupeesToPaise(balance) + rupeesToPaise(creditedRupees)))}
                </dd>
              </dl>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" disabled={redeem.isPending} onClick={back}>
              {t('back')}
            </Button>
            <SubmitButton isBusy={redeem.isPending}>{t('confirm')}</SubmitButton>
          </Modal.Footer>
        </Form>
      ) : (
        <Form noValidate onSubmit={(event) => void onContinue(event)}>
          <Modal.Body>
            {lostOnOpen && (
              <Alert variant="warning" className="small py-2">
                {t('redeem.lostAnswer', { points: number(lostOnOpen.amount) })}
              </Alert>
            )}
            <TextField
              id="redeem-point"
              label={t('redeem.pointsLabel')}
              type="number"
              inputMode="numeric"
              min={1}
              max={pointsHeld}
              step={1}
              registration={register('point')}
              error={errors.point?.message}
            />
            <p className="small text-body-secondary mb-2">
              {t('redeem.youHold', { points: number(pointsHeld) })}
              {convertValue.data !== undefined && ` ${t('redeem.rate', { value: inr(convertValue.data) })}`}
            </p>
            <p className="fw-semibold mb-0" aria-live="polite" data-testid="redeem-preview">
              {preview ?? (convertValue.isError ? t('redeem.rateFailed') : '\u00a0')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={convertValue.data === undefined}>
              {t('continue')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
