import type { LegalData } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/**
 * Development placeholders, used only outside production (env.ts refuses to boot production without the real
 * ones): the names say so.
 */
export const DEV_LEGAL = {
  operatorName: 'Live Connect Learning Pvt Ltd (development)',
  operatorAddress: '1st Floor, Example Towers, MG Road, Kochi, Kerala 682016',
  contactEmail: 'support@example.com',
  grievanceOfficerName: 'Grievance Officer (development)',
  grievanceOfficerEmail: 'grievance@example.com',
} as const;

/** GET /legal: the operator, the contact and the grievance officer the privacy page and terms name, from configuration. */
export function getLegal(ctx: Pick<AppContext, 'env'>): LegalData {
  const { env } = ctx;
  const address = env.OPERATOR_ADDRESS ?? DEV_LEGAL.operatorAddress;
  return {
    app_name: env.APP_NAME,
    operator: { legal_name: env.OPERATOR_LEGAL_NAME ?? DEV_LEGAL.operatorName, address },
    contact_email: env.CONTACT_EMAIL ?? DEV_LEGAL.contactEmail,
    grievance_officer: {
      name: env.GRIEVANCE_OFFICER_NAME ?? DEV_LEGAL.grievanceOfficerName,
      email: env.GRIEVANCE_OFFICER_EMAIL ?? DEV_LEGAL.grievanceOfficerEmail,
      address: env.GRIEVANCE_OFFICER_ADDRESS ?? address,
    },
    grievance_response_days: env.GRIEVANCE_RESPONSE_DAYS,
    retention_days: env.DATA_RETENTION_DAYS,
  };
}
