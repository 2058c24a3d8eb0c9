import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

/** The offer price in INR, with the list price struck through when it differs. */
export function CoursePrice({
  price,
  offerPrice,
  className = '',
}: {
  price: number;
  offerPrice: number;
  className?: string;
}) {
  const { t } = useTranslation('catalogue');
  const { inr } = useFormat();
  const hasDiscount = price !== offerPrice;
  return (
    <p className={`course-price mb-0 ${className}`}>
      {hasDiscount && (
        <del className="text-body-secondary me-2">
          <span className="visually-hidden">{t('price.priceHidden')}</span>
          {inr(price)}
        </del>
      )}
      <span className="fw-bold fs-5 text-primary">
        {hasDiscount && <span className="visually-hidden">{t('price.offerPriceHidden')}</span>}
        {inr(offerPrice)}
      </span>
    </p>
  );
}
