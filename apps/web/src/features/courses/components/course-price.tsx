import { formatInr } from '@app/contracts';

/** The offer price in INR, with the list price struck through when it differs. */
export function CoursePrice({ price, offerPrice, className = '' }: { price: number; offerPrice: number; className?: string }) {
  const hasDiscount = price !== offerPrice;
  return (
    <p className={`course-price mb-0 ${className}`}>
      {hasDiscount && (
        <del className="text-body-secondary me-2">
          <span className="visually-hidden">Price </span>
          {formatInr(price)}
        </del>
      )}
      <span className="fw-bold fs-5 text-primary">
        {hasDiscount && <span className="visually-hidden">Offer price </span>}
        {formatInr(offerPrice)}
      </span>
    </p>
  );
}
