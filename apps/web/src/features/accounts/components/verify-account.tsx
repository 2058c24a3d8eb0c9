import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeData } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { hasToken, readName } from '@/lib/token-storage';
import { readTokenOwner, startSessionFromToken } from '../api/session';

/**
 * Verify-account: reads who the link's token belongs to, asks the learner to continue as them, then signs in and
 * hands over (docs/product/onboarding.md#verify-account). Never silently: a link someone else sent must not swap the
 * learner into another account, where what they pay for and the bank details they type would land.
 */
export function VerifyAccount({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [owner, setOwner] = useState<MeData | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [linkFailure, setFailure] = useState<string | null>(null);
  const failure = token ? linkFailure : t('verifyAccount.noToken');
  const hasStarted = useRef(false);
  const currentName = hasToken() ? readName() : null;

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    readTokenOwner(token).then(setOwner, (error: unknown) => setFailure(errorMessage(error)));
  }, [token]);

  const signIn = () => {
    if (!token) return;
    setIsSigningIn(true);
    startSessionFromToken(queryClient, token).then(onDone, (error: unknown) => {
      setIsSigningIn(false);
      setFailure(errorMessage(error));
    });
  };

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
  if (!owner || isSigningIn) {
    return (
      <div className="text-center py-3" role="status">
        <Spinner animation="border" variant="primary" aria-hidden="true" />
        <p className="mt-3 mb-0 text-body-secondary">
          {t(isSigningIn ? 'verifyAccount.signingIn' : 'verifyAccount.checking')}
        </p>
      </div>
    );
  }
  const name = `${owner.first_name} ${owner.last_name}`.trim();
  return (
    <>
      <p className="text-break">{t('verifyAccount.confirm', { name, email: owner.email })}</p>
      {currentName && currentName !== name && (
        <Alert variant="warning" className="text-break">
          {t('verifyAccount.signedInAs', { name: currentName })}
        </Alert>
      )}
      <div className="d-grid gap-2">
        <Button className="text-break" onClick={signIn}>
          {t('verifyAccount.continue', { name })}
        </Button>
        <Link to={paths.home.getHref()} className="btn btn-outline-secondary">
          {t('verifyAccount.cancel')}
        </Link>
      </div>
    </>
  );
}
