import { inArray } from 'drizzle-orm';
import { settings, type DbOrTx } from '@app/db';
import { DEFAULT_MINIMUM_WITHDRAWAL_PAISE } from '@app/contracts';

/** Business rates (docs/product/admin-console.md#levels-and-rates) with their defaults, used when a row is absent or unreadable. */
export const settingDefaults = {
  commission_percent: 10,
  convert_value_paise: 100,
  pass_mark_percent: 40,
  minimum_withdrawal_paise: DEFAULT_MINIMUM_WITHDRAWAL_PAISE,
  referral_hold_signups_per_ip_week: 3,
  /**
   * A sub-user becomes active, and counts for their referrer's level, with a purchase paid at least this much; 0
   * means anything above zero. Commission is paid on every purchase above zero either way.
   */
  level_min_purchase_paise: 0,
  /** Commissions, level rewards and Quiz Points stay Pending this long after the purchase that earned them. */
  refund_window_days: 7,
  /** A pending checkout holds its offer-code use this long. */
  offer_reservation_minutes: 30,
  /** Hours after a quiz submission before the learner may start another attempt. */
  quiz_retake_cooldown_hours: 24,
  /** Attempts a learner may make at one subject's quiz, the first included. */
  quiz_max_attempts: 3,
} as const;

export type SettingKey = keyof typeof settingDefaults;

/** Settings are numbers (stored as JSON); anything else, or a negative number, falls back to the default. */
function numberOr(value: unknown, fallback: number): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Several settings in one query. */
export async function getSettings<K extends SettingKey>(db: DbOrTx, keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return settingValues(new Map(rows.map((row) => [row.key, row.value])), keys);
}

/** The settings' values from their stored JSON (by key), read by a query of the caller's. */
export function settingValues<K extends SettingKey>(
  found: ReadonlyMap<string, unknown>,
  keys: readonly K[],
): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, numberOr(found.get(key), settingDefaults[key])])) as Record<
    K,
    number
  >;
}

export async function getSetting(db: DbOrTx, key: SettingKey): Promise<number> {
  return (await getSettings(db, [key]))[key];
}
