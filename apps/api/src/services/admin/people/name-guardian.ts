import { adminMessages, type AdminGuardianInput, type AdminGuardianNamed } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { checkConsentCanBeAsked, createConsentRequest } from '../../consent/index.ts';
import { findUserRow, getUserDetail } from './users.ts';

/**
 * POST /admin/users/{id}/guardian: the operator names another parent or guardian for a minor, on a
 * written request (decision 024), typically after the guardian on record withdrew. The request is sent
 * as the learner's own would be (by email the link is mailed; by mobile the operator gets the link and a
 * WhatsApp URL to pass on), and the new guardian goes on record: from then on the learner may ask only
 * them. Audited as `consent.guardian_named` with the operator. Answers the user's page.
 */
export async function nameGuardian(
  ctx: AppContext,
  options: { actorId: number; id: number; input: AdminGuardianInput; ip: string },
): Promise<AdminGuardianNamed> {
  const child = await findUserRow(ctx.db, options.id);
  await checkConsentCanBeAsked(ctx, { child, input: options.input, notYou: adminMessages.guardianIsLearner });
  const { link, whatsappUrl } = await createConsentRequest(ctx, {
    child,
    input: options.input,
    ip: options.ip,
    namedBy: options.actorId,
  });
  const user = await getUserDetail(ctx, options.id);
  return { ...user, link, whatsapp_url: whatsappUrl };
}
