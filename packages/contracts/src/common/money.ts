import { localeOf, type Language } from '../i18n/languages.ts';
/**
 * Money rules of product-spec.md section 9, in integer paise.
 * The API speaks rupees with two decimals; inside everything is paise.
 */

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

export interface OfferCodeRule {
  isFixedAmount: boolean;
  /** Paise when fixed; basis points (1% = 100) when a percentage. */
  discountValue: number;
  minimumAmountPaise: number;
}

/**
 * Discount on an offer price: a fixed amount or a percentage of the offer price, 0 below the code's
 * minimum, floored to 2 decimals (whole paise), never more than the price itself.
 */
export function discountPaise(offerPricePaise: number, code: OfferCodeRule | null | undefined): number {
  if (!code || offerPricePaise < code.minimumAmountPaise) return 0;
  const raw = code.isFixedAmount ? code.discountValue : Math.floor((offerPricePaise * code.discountValue) / 10_000);
  return Math.min(Math.max(raw, 0), offerPricePaise);
}

export interface PriceBreakdown {
  pricePaise: number;
  discountPaise: number;
  payablePaise: number;
}

export function priceBreakdown(offerPricePaise: number, code: OfferCodeRule | null | undefined): PriceBreakdown {
  const discount = discountPaise(offerPricePaise, code);
  return { pricePaise: offerPricePaise, discountPaise: discount, payablePaise: offerPricePaise - discount };
}

/** The amount sent to the payment provider: payable rupees × 100, rounded up. */
export function providerAmountPaise(payableRupees: number): number {
  return Math.ceil(Number((payableRupees * 100).toFixed(6)));
}

const inrFormats = new Map<Language, Intl.NumberFormat>();

/**
 * ₹1,23,456.50, grouped the Indian way in every language of the app. The rupee sign is put on by hand:
 * ICU's Malayalam currency pattern groups in thousands (₹100,000.00), its plain numbers the Indian way.
 */
export function formatInr(rupees: number, language: Language = 'en'): string {
  let format = inrFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    inrFormats.set(language, format);
  }
  return `${rupees < 0 ? '-' : ''}₹${format.format(Math.abs(rupees))}`;
}
