import type { Report, ReportQuery } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { recordAudit } from '../../audit/index.ts';
import { earningsRegister } from './earnings-register.ts';
import { gstRegister } from './gst-register.ts';
import { payoutsRegister } from './payouts-register.ts';
import { providerRegister } from './provider-register.ts';
import { periodOf } from './period.ts';

const FILE_NAMES: Record<Report, string> = {
  gst: 'gst-register',
  payouts: 'payouts',
  earnings: 'earnings-by-pan',
  provider: 'payments-at-razorpay',
};

/**
 * One of the accountant's registers for a period (India days, both included), as a CSV file. The registers name
 * learners, their PANs and their bank accounts: each download is audited, as a look at an account number is.
 */
export async function reportCsv(
  ctx: AppContext,
  options: { actorId: number; report: Report } & ReportQuery,
): Promise<{ fileName: string; csv: string }> {
  const period = periodOf(options);
  await recordAudit(ctx.db, ctx, {
    actorId: options.actorId,
    action: 'report.download',
    entity: 'reports',
    entityId: options.report,
    after: { from: options.from, to: options.to },
  });
  const csv =
    options.report === 'gst'
      ? await gstRegister(ctx.db, period)
      : options.report === 'payouts'
        ? await payoutsRegister(ctx.db, period)
        : options.report === 'provider'
          ? await providerRegister(ctx.db, period, ctx.payments.name)
          : await earningsRegister(ctx.db, period, ctx.now());
  return { fileName: `${FILE_NAMES[options.report]}-${options.from}-to-${options.to}.csv`, csv };
}
