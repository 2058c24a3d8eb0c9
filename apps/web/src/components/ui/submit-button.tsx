import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export const busyLabel = 'Please Wait....';

/** A submit button that reads 'Please Wait....' and is disabled while its form is busy. */
export function SubmitButton({ isBusy, children, ...props }: ButtonProps & { isBusy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" {...props} disabled={isBusy || props.disabled}>
      {isBusy ? (
        <>
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          {busyLabel}
        </>
      ) : children}
    </Button>
  );
}
