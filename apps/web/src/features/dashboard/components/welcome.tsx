import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/auth/get-me';
import { readName } from '@/lib/token-storage';
import { DocumentTitle } from '@/components/ui/document-title';

/** The dashboard's heading: a welcome with the learner's first name. */
export function Welcome() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const name = me.data?.first_name ?? readName()?.split(' ')[0] ?? '';
  return (
    <div className="mb-3">
      <DocumentTitle title={t('title')} />
      <h1 className="h3 mb-1 text-break">{name ? t('welcomeName', { name }) : t('welcome')}</h1>
      <p className="text-body-secondary mb-0">{t('intro')}</p>
    </div>
  );
}
