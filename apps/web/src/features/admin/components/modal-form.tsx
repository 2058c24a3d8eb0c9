import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Modal } from '@/components/ui/modal';
import { SubmitButton } from '@/components/ui/submit-button';

interface ModalFormProps {
  /** The title's id: the Modal around the form names itself by it (aria-labelledby). */
  titleId: string;
  title: string;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/** A form inside a Modal: its title, the fields, Cancel and the submit button. */
export function ModalForm({ titleId, title, submitLabel, isBusy, onSubmit, onClose, children }: ModalFormProps) {
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton isBusy={isBusy}>{submitLabel}</SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
