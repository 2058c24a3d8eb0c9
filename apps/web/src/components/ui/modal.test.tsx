import { Profiler, useState } from 'react';
import BootstrapModal from 'react-bootstrap/Modal';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hitAreaOf } from '@/testing/hit-area';
import { Modal } from './modal';

/** A page with a button that opens a dialog, as the dashboard's 'Invite People' does. */
function Page({ modal: Dialog }: { modal: typeof Modal | typeof BootstrapModal }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button onClick={() => setIsOpen(true)}>Invite People</button>
      <Dialog show={isOpen} onHide={() => setIsOpen(false)} aria-labelledby="invite-title">
        <Dialog.Header closeButton closeLabel="Close">
          <Dialog.Title id="invite-title">Invite People</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>Share your link.</Dialog.Body>
      </Dialog>
    </>
  );
}

function commitsOnMount(modal: typeof Modal | typeof BootstrapModal): number {
  let commits = 0;
  render(
    <Profiler id="page" onRender={() => commits++}>
      <Page modal={modal} />
    </Profiler>,
  );
  return commits;
}

describe('Modal', () => {
  it("mounts a closed dialog without a second render, where react-bootstrap's own renders the page twice", () => {
    expect(commitsOnMount(BootstrapModal)).toBe(2);
    expect(commitsOnMount(Modal)).toBe(1);
  });

  it('opens, closes and opens again like react-bootstrap’s', async () => {
    const user = userEvent.setup();
    render(<Page modal={Modal} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    expect(await screen.findByRole('dialog', { name: 'Invite People' })).toHaveTextContent('Share your link.');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    expect(await screen.findByRole('dialog', { name: 'Invite People' })).toBeInTheDocument();
  });

  it('takes taps on its close × over 44 × 44 px, however small the × is drawn', async () => {
    // Drawn at 21 × 21 px, the × at the dialog's edge was missed by a finger on a phone.
    const user = userEvent.setup();
    render(<Page modal={Modal} />);
    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    const close = await screen.findByRole('button', { name: 'Close' });
    const area = hitAreaOf(close);
    expect(area.width).toBeGreaterThanOrEqual(44);
    expect(area.height).toBeGreaterThanOrEqual(44);
  });
});
