import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { useLogout } from '@/lib/auth/logout';

/** Onboarding screens have no shell; this keeps a way out (a shared computer, the wrong account). */
export function SignedInAs() {
  const { t } = useTranslation('layout');
  const me = useMe();
  const logout = useLogout({ onSettled: () => window.location.assign(paths.login.getHref()) });
  if (!me.data) return null;
  return (
    <p className="text-center text-body-secondary small mt-4 mb-0">
      {t('signedInAs', { email: me.data.email })}{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {t('logout')}
      </Button>
    </p>
  );
}
