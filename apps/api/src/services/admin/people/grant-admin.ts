import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { users, type Db } from '@app/db';
import { canonicalEmail, emailField, isStrongPassword, messages, MOBILE_PATTERN } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { isUniqueViolation } from '../../../lib/postgres-error.ts';
import { findUserByEmail, withFreshReferralCode } from '../../accounts/index.ts';
import { recordAudit } from '../../audit/index.ts';

export type GrantAdminOutcome =
  | { outcome: 'granted' | 'already-admin'; userId: number; isVerified: boolean }
  | { outcome: 'created'; userId: number; isVerified: true };

export class GrantAdminError extends Error {}

const unverifiedMessage = (email: string) =>
  `${email} has an account whose email is not verified, so whoever registered it may not own the mailbox: no admin ` +
  'role given. Have its owner verify the email (sign in and enter the code mailed to it), then run this again.';

/**
 * `npm run admin:create`: gives an existing account with a verified email the admin role (an unverified one is
 * refused: decision 073), or creates a verified admin account with the password `askPassword` supplies (asked only
 * when the account is new). Audited with no actor (the command line, not an operator).
 */
export async function grantAdmin(
  ctx: Pick<AppContext, 'db' | 'now'> & { db: Db },
  options: {
    email: string;
    askPassword: () => Promise<string>;
    firstName?: string | undefined;
    lastName?: string | undefined;
    mobile?: string | undefined;
  },
): Promise<GrantAdminOutcome> {
  const parsed = emailField().safeParse(options.email);
  if (!parsed.success) throw new GrantAdminError(messages.emailInvalid);
  const email = parsed.data;

  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.roles.includes('admin'))
      return { outcome: 'already-admin', userId: existing.id, isVerified: existing.emailVerifiedAt !== null };
    // Anyone can register an address they do not own: the operator's address, registered first by someone else,
    // must not make that person an admin (decision 073).
    if (!existing.emailVerifiedAt) throw new GrantAdminError(unverifiedMessage(email));
    await ctx.db.transaction(async (tx) => {
      const roles = [...new Set([...existing.roles, 'admin'])];
      const [granted] = await tx
        .update(users)
        .set({ roles, updatedAt: ctx.now() })
        // Still verified and still this address (a change of email clears the verification).
        .where(and(eq(users.id, existing.id), isNotNull(users.emailVerifiedAt), sql`lower(${users.email}) = ${email}`))
        .returning({ id: users.id });
      if (!granted) throw new GrantAdminError(unverifiedMessage(email));
      await recordAudit(tx, ctx, {
        actorId: null,
        action: 'user.roles',
        entity: 'users',
        entityId: existing.id,
        before: { roles: existing.roles },
        after: { roles, by: 'admin:create' },
      });
    });
    return { outcome: 'granted', userId: existing.id, isVerified: existing.emailVerifiedAt !== null };
  }

  const mobile = options.mobile ?? '0000000000';
  if (!MOBILE_PATTERN.test(mobile)) throw new GrantAdminError(messages.mobileInvalid);
  const password = await options.askPassword();
  if (!isStrongPassword(password)) throw new GrantAdminError(messages.passwordWeak);
  const passwordHash = await hashPassword(password);
  try {
    const userId = await withFreshReferralCode((referralCode) =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const [user] = await tx
          .insert(users)
          .values({
            firstName: options.firstName?.trim() || 'Site',
            lastName: options.lastName?.trim() || 'Admin',
            email,
            emailCanonical: canonicalEmail(email),
            mobile,
            passwordHash,
            referralCode,
            roles: ['admin', 'learner'],
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        await recordAudit(tx, ctx, {
          actorId: null,
          action: 'user.create_admin',
          entity: 'users',
          entityId: user!.id,
          after: { email, roles: ['admin', 'learner'], by: 'admin:create' },
        });
        return user!.id;
      }),
    );
    return { outcome: 'created', userId, isVerified: true };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new GrantAdminError(messages.emailTaken);
    throw error;
  }
}
