import { eq } from 'drizzle-orm';
import { bankDetails, users, type DbOrTx } from '@app/db';
import { maskAccountLast4, maskAccountNumber, type BankDetailsData, type BankDetailsInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { flushMailOutbox, sendBankDetailsChangedMail } from '../mail/index.ts';
import { reviewSelfReferrals } from '../referrals/index.ts';
import { decryptText, encryptText, hmacHex } from '../../lib/crypto.ts';
import type { UserRow } from '../accounts/index.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';

type BankRow = typeof bankDetails.$inferSelect;

/** The stored account number, masked; if it cannot be decrypted (secret rotated), a fixed-width mask. */
function describe(ctx: AppContext, row: BankRow): BankDetailsData {
  let masked: string;
  try {
    masked = maskAccountNumber(decryptText(ctx.env.APP_SECRET, row.accountNumberEncrypted));
  } catch {
    masked = maskAccountLast4(row.accountLast4);
  }
  return {
    full_name: row.fullName,
    bank_name: row.bankName,
    bank_branch: row.bankBranch,
    account_number: masked,
    ifsc_code: row.ifscCode,
    pan_card: row.panCard,
  };
}

/** HMAC of an account number, to match one account across users without decrypting. */
export function accountNumberHash(ctx: AppContext, accountNumber: string): string {
  return hmacHex(ctx.env.APP_SECRET, accountNumber);
}

/** GET /bank-details: null when none are on file. */
export async function getBankDetails(ctx: AppContext, db: DbOrTx, userId: number): Promise<BankDetailsData | null> {
  const [row] = await db.select().from(bankDetails).where(eq(bankDetails.userId, userId));
  return row ? describe(ctx, row) : null;
}

/**
 * POST /bank-details: creates or replaces the user's one set of bank details (the current password asked first);
 * the number encrypted at rest. The self-referral rule is checked again in the same transaction (reviewSelfReferrals), and a
 * new account (number or IFSC) is mailed to the account's owner.
 */
export async function saveBankDetails(
  ctx: AppContext,
  options: { user: UserRow; input: BankDetailsInput },
): Promise<BankDetailsData> {
  const { user: learner, input } = options;
  const userId = learner.id;
  // Whoever holds the session alone must not name the account the learner's money is paid to.
  await confirmCurrentPassword(ctx, { user: learner, password: input.current_password });
  await ctx.limits.consume('bankDetailsSavesPerUser', String(userId));
  const values = {
    fullName: input.full_name,
    bankName: input.bank_name,
    bankBranch: input.bank_branch,
    accountNumberEncrypted: encryptText(ctx.env.APP_SECRET, input.account_number),
    accountLast4: input.account_number.slice(-4),
    accountNumberHash: accountNumberHash(ctx, input.account_number),
    ifscCode: input.ifsc_code,
    panCard: input.pan_card,
    updatedAt: ctx.now(),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ accountNumberHash: bankDetails.accountNumberHash, ifscCode: bankDetails.ifscCode })
      .from(bankDetails)
      .where(eq(bankDetails.userId, userId))
      .for('update');
    const [saved] = await tx
      .insert(bankDetails)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: bankDetails.userId, set: values })
      .returning();
    await reviewSelfReferrals(tx, ctx, { userId, change: 'bank_details' });
    const isNewAccount = before?.accountNumberHash !== values.accountNumberHash || before.ifscCode !== values.ifscCode;
    if (isNewAccount) {
      const [user] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (user) {
        await sendBankDetailsChangedMail(ctx, {
          user,
          isFirst: !before,
          bankName: values.bankName,
          accountMasked: maskAccountNumber(input.account_number),
          changedAt: values.updatedAt,
          within: tx,
        });
      }
    }
    return saved!;
  });
  await flushMailOutbox(ctx);
  return describe(ctx, row);
}
