import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useMe } from '@/lib/auth/get-me';
import { copyToClipboard } from '../utils/copy-to-clipboard';
import { referralLink } from '../utils/referral-link';

/** 'Invite People': a modal with the registration link and 'Copy Link' (spec section 2, Dashboard). */
export function InvitePeople({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const code = useMe().data?.referral_code;
  const link = code ? referralLink(code) : '';
  const titleId = useId();
  const inputId = useId();

  return (
    <>
      <Button variant="primary" className={className} disabled={!code} onClick={() => setIsOpen(true)}>
        Invite People
      </Button>
      <Modal show={isOpen} onHide={() => setIsOpen(false)} centered aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">Invite People</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            Share this link. Everyone who registers through it becomes your sub-user, and their first course
            purchase counts towards your level.
          </p>
          <Form.Label htmlFor={inputId}>Your referral link</Form.Label>
          {/* A textarea so the whole link shows, wrapped, on a phone too. */}
          <Form.Control
            as="textarea" id={inputId} rows={2} value={link} readOnly className="font-monospace" style={{ resize: 'none' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="d-grid d-sm-flex justify-content-sm-end mt-3">
            <Button variant="primary" onClick={() => void copyToClipboard(link)}>Copy Link</Button>
          </div>
        </Modal.Body>
      </Modal>
    </>
  );
}
