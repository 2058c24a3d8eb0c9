import { formatInr, paiseToRupees, type PriceBreakdown } from '@app/contracts';

/** Price, Discount and Payment Amount in INR. */
export function PriceSummary({ breakdown }: { breakdown: PriceBreakdown }) {
  const line = (label: string, paise: number, emphasis = false) => (
    <div className={`d-flex justify-content-between py-2 ${emphasis ? 'border-top fw-bold fs-5' : ''}`}>
      <dt className={emphasis ? '' : 'fw-normal'}>{label}</dt>
      <dd className="mb-0">{formatInr(paiseToRupees(paise))}</dd>
    </div>
  );
  return (
    <dl className="price-summary mb-0">
      {line('Price', breakdown.pricePaise)}
      {line('Discount', breakdown.discountPaise)}
      {line('Payment Amount', breakdown.payablePaise, true)}
    </dl>
  );
}
