import { useState } from 'react';
import BootstrapModal, { type ModalProps } from 'react-bootstrap/Modal';

/**
 * react-bootstrap's Modal, put on the page the first time it is shown and kept from then on (so it still fades out).
 * A closed one does nothing for the learner, yet as it mounts it stores its dialog through a ref that sets state: React
 * then renders again synchronously at the end of the page's first commit, and runs every effect of the new page in
 * that same task first, where they would otherwise run in a task of their own (docs/benchmarks.md, "A closed modal").
 */
function FirstShownModal(props: ModalProps) {
  const [wasShown, setWasShown] = useState(Boolean(props.show));
  if (props.show && !wasShown) setWasShown(true);
  return wasShown ? <BootstrapModal {...props} /> : null;
}

/** Use as react-bootstrap's: `<Modal show={…}>` with `Modal.Header`, `Modal.Title`, `Modal.Body` and `Modal.Footer`. */
export const Modal = Object.assign(FirstShownModal, {
  Header: BootstrapModal.Header,
  Title: BootstrapModal.Title,
  Body: BootstrapModal.Body,
  Footer: BootstrapModal.Footer,
});
