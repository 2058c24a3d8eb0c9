import type { LegalData } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/** GET /legal: the operator, the contact and the grievance officer the privacy page and terms name, from configuration. */
export function getLegal(ctx: Pick<AppContext, 'env'>): LegalData {
  const { env } = ctx;
  return {
    app_name: env.APP_NAME,
    operator: { legal_name: env.OPERATOR_LEGAL_NAME, address: env.OPERATOR_ADDRESS },
    contact_email: env.CONTACT_EMAIL,
    grievance_officer: {
      name: env.GRIEVANCE_OFFICER_NAME,
      email: env.GRIEVANCE_OFFICER_EMAIL,
      address: env.GRIEVANCE_OFFICER_ADDRESS ?? env.OPERATOR_ADDRESS,
    },
    grievance_response_days: env.GRIEVANCE_RESPONSE_DAYS,
    retention_days: env.DATA_RETENTION_DAYS,
  };
}
