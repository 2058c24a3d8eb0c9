import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { busyLabel } from '@/components/ui/submit-button';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  variant?: 'danger' | 'primary';
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action that cannot be undone; the button is disabled while it runs. */
export function ConfirmDialog({
  show, title, children, confirmLabel, variant = 'danger', isBusy, onConfirm, onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={isBusy ? () => undefined : onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton={!isBusy}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={isBusy}>Cancel</Button>
        <Button variant={variant} onClick={onConfirm} disabled={isBusy}>
          {isBusy ? (<><Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />{busyLabel}</>) : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
