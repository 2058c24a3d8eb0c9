import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@/lib/api-client';

interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Several queries as one: pending until all have loaded, failed if any failed ('Try again' retries them all). */
export function allOf(...queries: QueryState[]): QueryState {
  const failed = queries.find((query) => query.isError);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: Boolean(failed),
    error: failed?.error,
    refetch: () => queries.forEach((query) => void query.refetch()),
  };
}

interface AsyncContentProps {
  query: QueryState;
  children: ReactNode;
  label?: string;
}

/** A query's content once it has loaded; a spinner before, a danger alert with 'Try again' if it failed. */
export function AsyncContent({ query, children, label = 'Loading…' }: AsyncContentProps) {
  if (query.isPending) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{errorMessage(query.error)}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}

/** The one row of a table with nothing in it. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="text-center text-body-secondary py-4">
        {children}
      </td>
    </tr>
  );
}
