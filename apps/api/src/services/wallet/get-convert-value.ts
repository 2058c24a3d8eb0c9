import { paiseToRupees } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { getSetting } from '../settings/get-setting.ts';

/** GET /convert-value: rupees credited per point redeemed. */
export async function getConvertValue(db: DbOrTx): Promise<{ convert_value: number }> {
  return { convert_value: paiseToRupees(Math.floor(await getSetting(db, 'convert_value_paise'))) };
}
