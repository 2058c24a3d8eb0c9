import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { adminEraseBody, adminMessages, formatInr, type AdminEraseBody, type AdminUserDetail } from '@app/contracts';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formResolver } from '../../utils/form-resolver';
import { formatDateTime } from '../../utils/format';
import { useEraseUser } from '../api/erase-user';

const FIELDS = ['reference', 'confirm_email'] as const;

/** What the wallet still holds, in words: '₹250.00 and 40 points', or null when it holds nothing. */
function amounts(balance: number, points: number): string | null {
  const parts = [
    ...(balance > 0 ? [formatInr(balance)] : []),
    ...(points > 0 ? [`${points.toLocaleString('en-IN')} point${points === 1 ? '' : 's'}`] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

/**
 * What the erasure takes from the wallet, as the dialog warns of it: the balance and points are given up (the learner
 * could withdraw them first), the credits still held are cancelled (nobody can withdraw them before their window ends).
 */
function walletLeft(wallet: AdminUserDetail['wallet']): string | null {
  const now = amounts(wallet.balance, wallet.points);
  const held = amounts(wallet.held.balance, wallet.held.points);
  const cancelled = held && `${held} still held will be cancelled`;
  if (now)
    return `${now} will be given up${cancelled ? `, and ${cancelled}` : ''}: nobody can withdraw or redeem them once the data is deleted. To pay the balance out, cancel and let the learner withdraw first.`;
  return cancelled && `${cancelled}: nobody can withdraw or redeem it once the data is deleted.`;
}

/**
 * The dialog: the request it answers, the learner's email typed again (compared here and by the server), what the
 * wallet gives up. One request however fast it is pressed; a refusal (a withdrawal waiting, an operator) shows here.
 */
export function EraseDialog({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const erase = useEraseUser();
  const [refusal, setRefusal] = useState<string | null>(null);
  const isSending = useRef(false);
  const { profile } = user;
  const schema = useMemo(
    () =>
      adminEraseBody.refine((body) => body.confirm_email.toLowerCase() === profile.email.toLowerCase(), {
        path: ['confirm_email'],
        message: adminMessages.eraseConfirmWrong,
      }),
    [profile.email],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminEraseBody, unknown, AdminEraseBody>({
    resolver: formResolver(schema),
    mode: 'onTouched',
    defaultValues: { reference: '', confirm_email: '' },
  });
  const isBusy = erase.isPending;
  const givenUp = walletLeft(user.wallet);

  const send = async (body: AdminEraseBody) => {
    if (isSending.current) return;
    isSending.current = true;
    setRefusal(null);
    try {
      const { message } = await erase.mutateAsync({ id: profile.id, body });
      notifications.success(message);
      onClose();
    } catch (error) {
      isSending.current = false;
      let placed = false;
      if (error instanceof ApiError && error.status === 422)
        for (const field of FIELDS) {
          const message = error.errors[field]?.[0];
          if (message) {
            setError(field, { type: 'server', message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      if (!placed) setRefusal(errorMessage(error));
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);

  return (
    <Modal show onHide={isBusy ? () => undefined : onClose} centered aria-labelledby="erase-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!isBusy}>
          <Modal.Title id="erase-title" as="h2" className="h5">
            Delete personal data?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">
            {profile.first_name} {profile.last_name}&apos;s name, email, mobile, date of birth, address, school, photo,
            bank details, guardian&apos;s contact, progress, quiz attempts and certificates are deleted, and every
            session ends. This cannot be undone. Their purchases, invoices, payments, ledger and withdrawals are kept,
            as tax law requires; they are shown as &lsquo;Deleted learner&rsquo;.
          </p>
          {givenUp && (
            <Alert variant="warning" className="small py-2" data-testid="erase-wallet-warning">
              {givenUp}
            </Alert>
          )}
          {refusal && (
            <Alert variant="danger" className="small py-2">
              {refusal}
            </Alert>
          )}
          <TextField
            id="erase-reference"
            label="Request reference"
            placeholder="e.g. the parent's email of 1 Dec, or ticket #4411"
            autoComplete="off"
            registration={register('reference')}
            error={errors.reference?.message}
          />
          <TextField
            id="erase-confirm-email"
            label={`Type the learner's email to confirm: ${profile.email}`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            registration={register('confirm_email')}
            error={errors.confirm_email?.message}
            className="mb-0"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <SubmitButton isBusy={isBusy} variant="danger">
            Delete personal data
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/**
 * The learner's page's danger section (decision 066): 'Delete personal data' on the learner's or their parent's
 * request, or, once done, when and by whom.
 */
export function UserErasure({ user }: { user: AdminUserDetail }) {
  const [isOpen, setOpen] = useState(false);
  const { erasure } = user;
  if (erasure)
    return (
      <Card className="admin-card mt-4" as="section" aria-labelledby="erasure-title">
        <Card.Body>
          <h2 className="h5" id="erasure-title">
            Personal data deleted
          </h2>
          <p className="mb-0 small" data-testid="erasure-done">
            Deleted {formatDateTime(erasure.erased_at)}
            {erasure.erased_by ? ` by ${erasure.erased_by.name} (${erasure.erased_by.email})` : ''}. The purchases,
            invoices, payments, ledger and withdrawals above are kept, as tax law requires; the request&apos;s reference
            is in the audit log.
          </p>
        </Card.Body>
      </Card>
    );
  const isOperator = user.roles.includes('admin');
  return (
    <Card className="admin-card mt-4 border border-danger-subtle" as="section" aria-labelledby="danger-title">
      <Card.Body>
        <h2 className="h5 text-danger" id="danger-title">
          Danger zone
        </h2>
        <div className="d-flex flex-column flex-md-row gap-3 align-items-md-center justify-content-between">
          <p className="small mb-0">
            <strong>Delete personal data</strong> on the learner&apos;s or their parent&apos;s request (privacy page:
            within the days it promises). Invoices and payment records are kept.
            {isOperator && ' An operator’s account cannot be deleted: take away the admin role first.'}
          </p>
          <Button
            variant="outline-danger"
            className="flex-shrink-0"
            onClick={() => setOpen(true)}
            disabled={isOperator}
            aria-haspopup="dialog"
          >
            Delete personal data
          </Button>
        </div>
      </Card.Body>
      {isOpen && <EraseDialog user={user} onClose={() => setOpen(false)} />}
    </Card>
  );
}
