import type { ReactNode } from 'react';

/** One label and value of a user's picture, in a `<dl className="row">`; a missing value shows as a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-5 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-7">{children ?? '—'}</dd>
    </>
  );
}
