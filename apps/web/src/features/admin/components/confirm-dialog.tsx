import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Modal } from '@/components/ui/modal';
import Spinner from 'react-bootstrap/Spinner';
import { busyLabel } from '@/components/ui/submit-button';

type Of<T, V> = V | ((subject: T) => V);
const resolve = <T, V>(value: Of<T, V>, subject: T): V =>
  typeof value === 'function' ? (value as (subject: T) => V)(subject) : value;

interface ConfirmDialogProps<T> {
  /** What the action is about; the dialog is open while there is one. */
  subject: T | null;
  title: Of<T, string>;
  confirmLabel: Of<T, string>;
  variant?: Of<T, 'danger' | 'primary'>;
  children: (subject: T) => ReactNode;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action that cannot be undone; the button is disabled while it runs. */
export function ConfirmDialog<T>({
  subject,
  title,
  confirmLabel,
  variant = 'danger',
  children,
  isBusy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps<T>) {
  // While it fades out the dialog keeps showing its last subject (the caller has already let go of it).
  const [last, setLast] = useState(subject);
  if (subject !== null && subject !== last) setLast(subject);
  const shown = subject ?? last;
  return (
    <Modal
      show={subject !== null}
      onHide={isBusy ? () => undefined : onCancel}
      centered
      aria-labelledby="confirm-dialog-title"
    >
      {shown !== null && (
        <>
          <Modal.Header closeButton={!isBusy}>
            <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
              {resolve(title, shown)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>{children(shown)}</Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onCancel} disabled={isBusy}>
              Cancel
            </Button>
            <Button variant={resolve(variant, shown)} onClick={onConfirm} disabled={isBusy}>
              {isBusy ? (
                <>
                  <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                  {busyLabel}
                </>
              ) : (
                resolve(confirmLabel, shown)
              )}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
