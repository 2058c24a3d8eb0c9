import { paiseToRupees } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { getSetting } from '../settings/index.ts';

/** GET /convert-value: rupees credited per point redeemed, and the smallest withdrawal in rupees. */
export async function getConvertValue(db: DbOrTx): Promise<{ convert_value: number; minimum_withdrawal: number }> {
  const [convertValue, minimumWithdrawal] = await Promise.all([
    getSetting(db, 'convert_value_paise'),
    getSetting(db, 'minimum_withdrawal_paise'),
  ]);
  return {
    convert_value: paiseToRupees(Math.floor(convertValue)),
    minimum_withdrawal: paiseToRupees(Math.floor(minimumWithdrawal)),
  };
}
