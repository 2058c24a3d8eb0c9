import { settings, type DbOrTx } from '@app/db';
import { paiseToRupees, rupeesToPaise, type AdminSettings, type SettingsBody } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { getSettings, settingDefaults, type SettingKey } from '../../settings/index.ts';

const KEYS = Object.keys(settingDefaults) as SettingKey[];

async function readRates(db: DbOrTx): Promise<AdminSettings> {
  const v = await getSettings(db, KEYS);
  return {
    commission_percent: v.commission_percent,
    convert_value: paiseToRupees(Math.floor(v.convert_value_paise)),
    pass_mark_percent: v.pass_mark_percent,
    minimum_withdrawal: paiseToRupees(Math.floor(v.minimum_withdrawal_paise)),
    referral_hold_signups_per_ip_week: v.referral_hold_signups_per_ip_week,
    level_min_purchase: paiseToRupees(Math.floor(v.level_min_purchase_paise)),
    refund_window_days: v.refund_window_days,
    offer_reservation_minutes: v.offer_reservation_minutes,
    quiz_retake_cooldown_hours: v.quiz_retake_cooldown_hours,
    quiz_max_attempts: v.quiz_max_attempts,
  };
}

/** GET /admin/settings: the business rates, money in rupees. */
export function getRates(ctx: AppContext): Promise<AdminSettings> {
  return readRates(ctx.db);
}

/**
 * PUT /admin/settings: the rates given, stored as the services read them (money in paise). Every
 * service reads its rate when it runs, so a change applies from the next request on: commission
 * on purchases paid after it, redeems and withdrawals asked for after it; a new refund window holds
 * the credits of purchases paid after it (credits already held keep their date); a new reservation
 * time counts for every pending checkout from the moment it was started; a new retake cooldown or
 * maximum applies to the next retake asked for (attempts already started stay).
 */
export async function updateRates(
  ctx: AppContext,
  options: { actorId: number; input: SettingsBody & Partial<AdminSettings> },
): Promise<AdminSettings> {
  const { input } = options;
  const values: Partial<Record<SettingKey, number>> = {
    ...(input.commission_percent !== undefined ? { commission_percent: input.commission_percent } : {}),
    ...(input.convert_value !== undefined ? { convert_value_paise: rupeesToPaise(input.convert_value) } : {}),
    ...(input.pass_mark_percent !== undefined ? { pass_mark_percent: input.pass_mark_percent } : {}),
    ...(input.minimum_withdrawal !== undefined
      ? { minimum_withdrawal_paise: rupeesToPaise(input.minimum_withdrawal) }
      : {}),
    ...(input.referral_hold_signups_per_ip_week !== undefined
      ? { referral_hold_signups_per_ip_week: input.referral_hold_signups_per_ip_week }
      : {}),
    ...(input.level_min_purchase !== undefined
      ? { level_min_purchase_paise: rupeesToPaise(input.level_min_purchase) }
      : {}),
    ...(input.refund_window_days !== undefined ? { refund_window_days: input.refund_window_days } : {}),
    ...(input.offer_reservation_minutes !== undefined
      ? { offer_reservation_minutes: input.offer_reservation_minutes }
      : {}),
    ...(input.quiz_retake_cooldown_hours !== undefined
      ? { quiz_retake_cooldown_hours: input.quiz_retake_cooldown_hours }
      : {}),
    ...(input.quiz_max_attempts !== undefined ? { quiz_max_attempts: input.quiz_max_attempts } : {}),
  };
  return ctx.db.transaction(async (tx) => {
    const before = await readRates(tx);
    const now = ctx.now();
    for (const [key, value] of Object.entries(values)) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    const after = await readRates(tx);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'settings.update',
      entity: 'settings',
      entityId: null,
      before,
      after,
    });
    return after;
  });
}
