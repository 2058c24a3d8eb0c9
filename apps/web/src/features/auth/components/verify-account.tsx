import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { startSessionFromToken } from '../api/session';

/** Verify-account: signs in with the token from the link, then hands over (spec sections 2 and 4). */
export function VerifyAccount({ token, onDone }: { token: string | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(token ? null : 'This link has no sign-in token.');
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    startSessionFromToken(queryClient, token).then(onDone, (error: unknown) => setFailure(errorMessage(error)));
  }, [token, queryClient, onDone]);

  if (failure) {
    return (
      <>
        <Alert variant="danger">{failure}</Alert>
        <Link to={paths.login.getHref()} className="btn btn-primary w-100">Login</Link>
      </>
    );
  }
  return (
    <div className="text-center py-3" role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <p className="mt-3 mb-0 text-body-secondary">Signing you in…</p>
    </div>
  );
}
