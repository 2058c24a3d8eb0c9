import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { guardianConsents } from '@app/db';
import {
  canonicalEmail,
  consentMessages,
  type AskConsentData,
  type AskConsentInput,
  type Language,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { languageOf, translator } from '../../lib/i18n.ts';
import type { AuthUser } from '../accounts/index.ts';
import { maskEmail, maskMobile } from '../../lib/mask-contact.ts';
import { recordAudit } from '../audit/index.ts';
import { consentStatus, toConsentData } from './consent-status.ts';
import { refuseOtherGuardianAfterWithdrawal } from './refuse-other-guardian-after-withdrawal.ts';
import { sendConsentMail } from './send-consent-mail.ts';

/** The guardian's page for a token (the web app's route), opening in the learner's language. */
export function consentLink(appUrl: string, token: string, language: Language): string {
  return `${appUrl}/guardian/consent/${token}${language === 'en' ? '' : `?lang=${language}`}`;
}

/**
 * POST /consent: a learner under 18 names a parent or guardian. A new link (32 random bytes, base64url;
 * only its SHA-256 is kept) replaces any pending request, which stops working (superseded). By email the
 * link is mailed in the learner's language; by mobile there is no SMS gateway, so the answer carries the
 * link and a WhatsApp URL for the learner to pass on (decision 024). After a guardian withdrew, only
 * that guardian can be asked again. Rate-limited per learner.
 */
export async function askConsent(
  ctx: AppContext,
  options: { user: AuthUser; input: AskConsentInput; ip: string },
): Promise<AskConsentData> {
  const { user, input } = options;
  const state = await consentStatus(ctx, ctx.db, { userId: user.id });
  if (state.status === 'dob_needed') throw AppError.badRequest(consentMessages.dateOfBirthNeeded);
  if (state.status === 'not_needed') throw AppError.badRequest(consentMessages.consentNotNeeded);
  if (state.status === 'given') throw AppError.badRequest(consentMessages.consentAlreadyGiven);
  if (input.guardian_email && canonicalEmail(input.guardian_email) === user.emailCanonical) {
    throw AppError.field('guardian_email', consentMessages.guardianNotYou);
  }
  if (input.guardian_mobile && input.guardian_mobile === user.mobile) {
    throw AppError.field('guardian_mobile', consentMessages.guardianNotYou);
  }
  await ctx.limits.consume('consentRequestsPerAccount', String(user.id));
  await ctx.limits.consume('consentRequestsPerIp', options.ip);

  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await refuseOtherGuardianAfterWithdrawal(tx, { userId: user.id, input });
    await tx
      .update(guardianConsents)
      .set({ status: 'superseded' })
      .where(and(eq(guardianConsents.userId, user.id), eq(guardianConsents.status, 'pending')));
    const [row] = await tx
      .insert(guardianConsents)
      .values({
        userId: user.id,
        guardianName: input.guardian_name,
        guardianEmail: input.guardian_email,
        guardianMobile: input.guardian_mobile,
        tokenHash: sha256Hex(token),
        status: 'pending',
        createdAt: now,
      })
      .returning({ id: guardianConsents.id });
    await recordAudit(tx, ctx, {
      actorId: user.id,
      action: 'consent.request',
      entity: 'guardian_consents',
      entityId: row!.id,
      after: {
        user_id: user.id,
        channel: input.channel,
        guardian: input.guardian_email ? maskEmail(input.guardian_email) : maskMobile(input.guardian_mobile ?? ''),
        ip: options.ip,
      },
    });
  });

  const childName = `${user.firstName} ${user.lastName}`.trim();
  const language = languageOf(user.language);
  const link = consentLink(ctx.env.APP_URL, token, language);
  let whatsappUrl: string | null = null;
  if (input.guardian_email) {
    await sendConsentMail(ctx, {
      userId: user.id,
      language,
      to: input.guardian_email,
      guardianName: input.guardian_name,
      childName,
      link,
    });
  } else {
    const text = translator(language)('consent:share.message', {
      name: input.guardian_name,
      app: ctx.env.APP_NAME,
      link,
    });
    whatsappUrl = `https://wa.me/91${input.guardian_mobile}?text=${encodeURIComponent(text)}`;
  }
  const data = toConsentData(await consentStatus(ctx, ctx.db, { userId: user.id }));
  // By email the learner never sees the link: possession of the mailbox is the evidence (decision 024).
  return { ...data, link: input.guardian_mobile ? link : null, whatsapp_url: whatsappUrl };
}
