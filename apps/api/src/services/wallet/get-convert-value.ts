import { paiseToRupees } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { getSetting } from '../settings/index.ts';

/** The paise one point is worth when redeemed (setting convert_value_paise): the redeem rate, everywhere it is read. */
export async function convertValuePaise(db: DbOrTx): Promise<number> {
  return Math.floor(await getSetting(db, 'convert_value_paise'));
}

/** GET /convert-value: rupees credited per point redeemed, and the smallest withdrawal in rupees. */
export async function getConvertValue(db: DbOrTx): Promise<{ convert_value: number; minimum_withdrawal: number }> {
  const [convertValue, minimumWithdrawal] = await Promise.all([
    convertValuePaise(db),
    getSetting(db, 'minimum_withdrawal_paise'),
  ]);
  return {
    convert_value: paiseToRupees(convertValue),
    minimum_withdrawal: paiseToRupees(Math.floor(minimumWithdrawal)),
  };
}
