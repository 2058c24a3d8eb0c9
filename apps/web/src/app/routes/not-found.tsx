import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/ui/document-title';

export default function NotFoundRoute() {
  const { t } = useTranslation('layout');
  return (
    <main className="not-found d-flex flex-column align-items-center justify-content-center text-center px-3">
      <DocumentTitle title={t('notFound.title')} />
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h3 mb-2">{t('notFound.title')}</h1>
      <p className="text-body-secondary mb-4">{t('notFound.text')}</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
