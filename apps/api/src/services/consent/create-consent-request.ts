import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { guardianConsents, users } from '@app/db';
import { canonicalEmail, consentMessages, isMinor, type AskConsentInput, type Language } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { languageOf, translator } from '../../lib/i18n.ts';
import { maskEmail, maskMobile } from '../../lib/mask-contact.ts';
import type { AuthUser } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { consentStatus } from './consent-status.ts';
import { refuseGuardianNotOnRecord } from './refuse-guardian-not-on-record.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { sendConsentMail } from './send-consent-mail.ts';

/** The guardian's page for a token (the web app's route), opening in the learner's language. */
export function consentLink(appUrl: string, token: string, language: Language): string {
  return `${appUrl}/guardian/consent/${token}${language === 'en' ? '' : `?lang=${language}`}`;
}

/**
 * Whether a guardian can be asked for this learner at all: a minor with a date of birth and no consent
 * given (400 otherwise), and a guardian who is not the learner themselves (their own email or mobile:
 * 422 with `notYou`, the learner's wording unless told). A learner asking is also refused another learner under 18
 * (refuseChildGuardian); the operator, acting on a written request, is not.
 */
export async function checkConsentCanBeAsked(
  ctx: AppContext,
  options: { child: AuthUser; input: AskConsentInput; notYou?: string },
): Promise<void> {
  const { child, input, notYou = consentMessages.guardianNotYou } = options;
  const state = await consentStatus(ctx, ctx.db, { userId: child.id });
  if (state.status === 'dob_needed') throw AppError.badRequest(consentMessages.dateOfBirthNeeded);
  if (state.status === 'not_needed') throw AppError.badRequest(consentMessages.consentNotNeeded);
  if (state.status === 'given') throw AppError.badRequest(consentMessages.consentAlreadyGiven);
  if (input.guardian_email && canonicalEmail(input.guardian_email) === child.emailCanonical) {
    throw AppError.field('guardian_email', notYou);
  }
  if (input.guardian_mobile && input.guardian_mobile === child.mobile) {
    throw AppError.field('guardian_mobile', notYou);
  }
}

/**
 * True when `email` is, exactly, the verified address of an account whose date of birth makes it a minor (India's
 * date): a classmate is no parent (DPDP Act s.9(1)). Exact and verified only: an unverified account, or one at a
 * variant of the address (a +tag, Gmail's dots), proves nothing about who reads the mailbox, and counting it would let
 * anyone block a real parent's address. Mobiles are not verified here, so they are not checked: a link asked by
 * mobile reaches the guardian through the learner, and an answer sent from a minor's session is refused (giveConsent).
 */
export async function isMinorsAddress(ctx: AppContext, email: string): Promise<boolean> {
  const holders = await ctx.db
    .select({ dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(users.emailVerifiedAt)))
    .limit(5);
  return holders.some((holder) => holder.dateOfBirth !== null && isMinor(holder.dateOfBirth, ctx.now()));
}

/** A learner asking names no other learner under 18 as guardian (isMinorsAddress): 422 on the email. */
export async function refuseChildGuardian(ctx: AppContext, input: AskConsentInput): Promise<void> {
  if (input.guardian_email && (await isMinorsAddress(ctx, input.guardian_email)))
    throw AppError.field('guardian_email', consentMessages.guardianIsAChild);
}

/**
 * A new consent request and its link: 32 random bytes, base64url; only their SHA-256 is kept. It replaces
 * any pending request, which stops working (superseded). By email the link is mailed in the learner's
 * language and comes back null: possession of the mailbox is the evidence, so whoever asked never sees
 * it. By mobile there is no SMS gateway, so the link and a WhatsApp URL come back for whoever asked to
 * pass on (decision 024).
 *
 * Asked by the learner (`namedBy` null), only the guardian on record may be asked
 * (`refuseGuardianNotOnRecord`). Named by the operator on a written request, the new guardian goes on
 * record instead: from then on the learner may ask only them. Audited either way.
 */
export async function createConsentRequest(
  ctx: AppContext,
  options: { child: AuthUser; input: AskConsentInput; ip: string; namedBy: number | null },
): Promise<{ link: string | null; whatsappUrl: string | null }> {
  const { child, input, namedBy } = options;
  const token = randomBytes(32).toString('base64url');
  const language = languageOf(child.language);
  const link = consentLink(ctx.env.APP_URL, token, language);
  await ctx.db.transaction(async (tx) => {
    if (namedBy === null) await refuseGuardianNotOnRecord(tx, { userId: child.id, input });
    await tx
      .update(guardianConsents)
      .set({ status: 'superseded' })
      .where(and(eq(guardianConsents.userId, child.id), eq(guardianConsents.status, 'pending')));
    const [row] = await tx
      .insert(guardianConsents)
      .values({
        userId: child.id,
        guardianName: input.guardian_name,
        guardianEmail: input.guardian_email,
        guardianMobile: input.guardian_mobile,
        tokenHash: sha256Hex(token),
        status: 'pending',
        namedBy,
        createdAt: ctx.now(),
      })
      .returning({ id: guardianConsents.id });
    await recordAudit(tx, ctx, {
      actorId: namedBy ?? child.id,
      action: namedBy === null ? 'consent.request' : 'consent.guardian_named',
      entity: 'guardian_consents',
      entityId: row!.id,
      after: {
        user_id: child.id,
        channel: input.channel,
        guardian: input.guardian_email ? maskEmail(input.guardian_email) : maskMobile(input.guardian_mobile ?? ''),
        ip: options.ip,
      },
    });
    if (input.guardian_email) {
      await sendConsentMail(ctx, {
        userId: child.id,
        language,
        to: input.guardian_email,
        guardianName: input.guardian_name,
        childName: `${child.firstName} ${child.lastName}`.trim(),
        link,
        within: tx,
      });
    }
  });

  if (input.guardian_email) {
    await flushMailOutbox(ctx);
    return { link: null, whatsappUrl: null };
  }
  const text = translator(language)('consent:share.message', {
    name: input.guardian_name,
    app: ctx.env.APP_NAME,
    link,
  });
  return { link, whatsappUrl: `https://wa.me/91${input.guardian_mobile}?text=${encodeURIComponent(text)}` };
}
