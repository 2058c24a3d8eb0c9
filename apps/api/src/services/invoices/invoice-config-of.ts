import { findIndianState, gstinCheckCharacter } from '@app/contracts';
import type { InvoiceSeller } from '@app/db';
import type { Env } from '../../env.ts';

type SellerEnv = Pick<
  Env,
  | 'INVOICE_SELLER_NAME'
  | 'INVOICE_SELLER_ADDRESS'
  | 'INVOICE_SELLER_GSTIN'
  | 'INVOICE_SELLER_STATE'
  | 'INVOICE_SAC'
  | 'INVOICE_GST_RATE_PERCENT'
>;

/**
 * Development placeholders, used only outside production (env.ts refuses to boot production without
 * the real ones): the name says so, and the GSTIN is well formed (Kerala, check character right)
 * but belongs to nobody.
 */
export const DEV_SELLER = {
  legalName: 'Live Connect Learning (development placeholder, not a real invoice)',
  address: 'Sample address, Kochi 682001',
  gstin: '32AAACL1234A1ZI',
} as const;

function placeholderGstin(stateCode: string): string {
  const first14 = `${stateCode}${DEV_SELLER.gstin.slice(2, 14)}`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export interface InvoiceConfig {
  seller: InvoiceSeller;
  /** GST rate in basis points (1800 = 18%). */
  rateBasisPoints: number;
}

/** The seller and rate a new tax document is issued with, from configuration (copied into the document). */
export function invoiceConfigOf(env: SellerEnv): InvoiceConfig {
  // env.ts has already refused an unknown state; Kerala only keeps the types honest.
  const state = findIndianState(env.INVOICE_SELLER_STATE) ?? findIndianState('Kerala')!;
  return {
    seller: {
      legalName: env.INVOICE_SELLER_NAME ?? DEV_SELLER.legalName,
      address: env.INVOICE_SELLER_ADDRESS ?? DEV_SELLER.address,
      // The placeholder is Kerala's (32): another development state gets its own code and check character.
      gstin: env.INVOICE_SELLER_GSTIN ?? placeholderGstin(state.code),
      state: state.name,
      stateCode: state.code,
      sac: env.INVOICE_SAC,
    },
    rateBasisPoints: Math.round(env.INVOICE_GST_RATE_PERCENT * 100),
  };
}
