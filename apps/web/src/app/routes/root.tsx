import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigation, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { LoadingOverlay } from '@/components/ui/loading-overlay';

/** Every page: the overlay shows while the next page (a lazy chunk) loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay />}
    </>
  );
}

/** A failed page load (e.g. an old chunk after a deploy): offer a reload. */
export function RootError() {
  const { t } = useTranslation('layout');
  const error = useRouteError();
  console.error(error);
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">{t('error.title')}</h1>
      <p className="text-body-secondary">{t('error.text')}</p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <Link to={paths.home.getHref()} className="btn btn-outline-secondary" reloadDocument>
          {t('error.home')}
        </Link>
      </div>
    </main>
  );
}
