import { InlineLoading } from '@/components/ui/loading-overlay';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { usePurchases } from '../api/get-purchases';
import { PurchaseCard } from './purchase-card';
import './purchases-page.css';

/** The learner's purchases, newest first, each a card with its GST invoice and credit note. */
export function PurchasesPage() {
  const { t } = useTranslation('purchases');
  const purchases = usePurchases();
  return (
    <>
      <PageHeader title={t('title')} />
      <p className="text-body-secondary">{t('intro')}</p>
      {purchases.isPending && <InlineLoading label={t('loading')} />}
      {purchases.isError && (
        <LoadError error={purchases.error} onRetry={() => purchases.refetch()} isRetrying={purchases.isFetching} />
      )}
      {purchases.data?.length === 0 && (
        <div className="text-center py-4">
          <p>{t('empty')}</p>
          <Link to={paths.courses.getHref()} className="btn btn-primary">
            {t('browseCourses')}
          </Link>
        </div>
      )}
      {purchases.data && purchases.data.length > 0 && (
        <ul className="purchase-list list-unstyled d-flex flex-column gap-3 p-0">
          {purchases.data.map((purchase) => (
            <PurchaseCard key={purchase.purchase_id} purchase={purchase} />
          ))}
        </ul>
      )}
    </>
  );
}
