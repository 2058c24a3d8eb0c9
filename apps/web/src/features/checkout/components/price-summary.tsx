import { useTranslation } from 'react-i18next';
import { paiseToRupees, type PriceBreakdown } from '@app/contracts';
import { useFormat } from '@/lib/format';

/** Price, Discount and Payment Amount in INR. */
export function PriceSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  const { t } = useTranslation('checkout');
  const { inr } = useFormat();
  const line = (label: string, paise: number, emphasis = false) => (
    <div className={`d-flex justify-content-between gap-3 py-2 ${emphasis ? 'border-top fw-bold fs-5' : ''}`}>
      <dt className={emphasis ? '' : 'fw-normal'}>{label}</dt>
      <dd className="mb-0">{inr(paiseToRupees(paise))}</dd>
    </div>
  );
  return (
    <dl className="price-summary mb-0">
      {line(t('summary.price'), breakdown.pricePaise)}
      {line(t('summary.discount'), breakdown.discountPaise)}
      {line(t('summary.payable'), breakdown.payablePaise, true)}
    </dl>
  );
}
