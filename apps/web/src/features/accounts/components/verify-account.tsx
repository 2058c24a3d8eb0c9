import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { startSessionFromToken } from '../api/session';

/** Verify-account: signs in with the token from the link, then hands over (docs/product/onboarding.md#verify-account). */
export function VerifyAccount({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [loginFailure, setFailure] = useState<string | null>(null);
  const failure = token ? loginFailure : t('verifyAccount.noToken');
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
        <Link to={paths.login.getHref()} className="btn btn-primary w-100">
          {t('verifyAccount.login')}
        </Link>
      </>
    );
  }
  return (
    <div className="text-center py-3" role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <p className="mt-3 mb-0 text-body-secondary">{t('verifyAccount.signingIn')}</p>
    </div>
  );
}
