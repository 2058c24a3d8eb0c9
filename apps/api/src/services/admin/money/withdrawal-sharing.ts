import { eq, isNull, sql } from 'drizzle-orm';
import { walletTransactions, withdrawalAccounts, type DbOrTx } from '@app/db';
import { paiseToRupees, SHARED_USERS_NAMED, type SharedBy, type WithdrawalSharing } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { decryptText } from '../../../lib/crypto.ts';
import { accountNumberHash } from '../../profile/index.ts';

/** A withdrawal as the sharing look-up sees it: whose it is, the account's HMAC and the learner's PAN. */
export interface SharingSubject {
  withdrawalId: number;
  userId: number;
  /** bank_details.account_number_hash of the account paid to; null when it cannot be known (not decryptable). */
  accountHash: string | null;
  /** The learner's PAN from their bank details now; null when they have none on file. */
  pan: string | null;
}

const NONE: WithdrawalSharing = { total: 0, account: 0, pan: 0, owed: 0, users: [] };

/** The HMAC of a withdrawal's account: kept with it, or (rows from before migration 0023) of its decrypted number. */
export function withdrawalAccountHash(
  ctx: AppContext,
  bank: { accountNumberHash: string | null; accountNumberEncrypted: string },
): string | null {
  if (bank.accountNumberHash) return bank.accountNumberHash;
  try {
    return accountNumberHash(ctx, decryptText(ctx.env.APP_SECRET, bank.accountNumberEncrypted));
  } catch {
    return null;
  }
}

/**
 * The withdrawals written before their account's hash was kept whose learner has since changed bank details
 * (migration 0023 could not hash them): their accounts, hashed here. A fixed set (every row since has its hash, a
 * CHECK says so, and the table is append-only), found through a partial index of those rows alone.
 */
async function unhashedAccounts(ctx: AppContext, db: DbOrTx): Promise<{ user_id: number; hash: string }[]> {
  const rows = await db
    .select({
      userId: walletTransactions.userId,
      accountNumberEncrypted: withdrawalAccounts.accountNumberEncrypted,
    })
    .from(withdrawalAccounts)
    .innerJoin(walletTransactions, eq(walletTransactions.id, withdrawalAccounts.walletTransactionId))
    .where(isNull(withdrawalAccounts.accountNumberHash));
  return rows.flatMap((row) => {
    const hash = withdrawalAccountHash(ctx, { accountNumberHash: null, ...row });
    return hash ? [{ user_id: row.userId, hash }] : [];
  });
}

interface SharingRow extends Record<string, unknown> {
  withdrawal_id: number;
  user_id: number;
  by_account: boolean;
  by_pan: boolean;
  total: number | string;
  account: number | string;
  pan: number | string;
  owed: number | string;
  owed_total: number | string;
  first_name: string;
  last_name: string;
  email: string;
  referral_code: string;
}

/**
 * For each withdrawal, the other users who share its bank account (their bank details now have the same account
 * number HMAC, or a withdrawal of theirs was to that account) or its PAN (their bank details now have it, or a
 * withdrawal of theirs was asked with it): counted, and the first SHARED_USERS_NAMED of them named, oldest user first.
 * With what each still owes (the sum of their shortfall_paise: refunds' take-backs that found the money withdrawn,
 * less what came back since) and what they all owe together, named or not (decision 069).
 * One query for any number of withdrawals (a page of the list), on the indexes of bank_details (account hash, PAN) and
 * withdrawal_accounts (account hash, PAN).
 */
export async function findSharing(
  ctx: AppContext,
  db: DbOrTx,
  subjects: SharingSubject[],
): Promise<Map<number, WithdrawalSharing>> {
  const found = new Map<number, WithdrawalSharing>(subjects.map((s) => [s.withdrawalId, { ...NONE, users: [] }]));
  const looked = subjects.filter((s) => s.accountHash !== null || s.pan !== null);
  if (looked.length === 0) return found;
  const unhashed = looked.some((s) => s.accountHash !== null) ? await unhashedAccounts(ctx, db) : [];
  const subjectsJson = JSON.stringify(
    looked.map((s) => ({ withdrawal_id: s.withdrawalId, user_id: s.userId, hash: s.accountHash, pan: s.pan })),
  );
  const result = await db.execute<SharingRow>(sql`
    WITH s AS (
      SELECT * FROM jsonb_to_recordset(${subjectsJson}::jsonb) AS s(withdrawal_id int, user_id int, hash text, pan text)
    ),
    matched AS (
      SELECT s.withdrawal_id, b.user_id, true AS by_account, false AS by_pan
        FROM s JOIN bank_details b ON b.account_number_hash = s.hash AND b.user_id <> s.user_id
      UNION ALL
      SELECT s.withdrawal_id, w.user_id, true, false
        FROM s JOIN withdrawal_accounts a ON a.account_number_hash = s.hash
        JOIN wallet_transactions w ON w.id = a.wallet_transaction_id AND w.user_id <> s.user_id
      UNION ALL
      SELECT s.withdrawal_id, o.user_id, true, false
        FROM s JOIN jsonb_to_recordset(${JSON.stringify(unhashed)}::jsonb) AS o(user_id int, hash text)
          ON o.hash = s.hash AND o.user_id <> s.user_id
      UNION ALL
      SELECT s.withdrawal_id, b.user_id, false, true
        FROM s JOIN bank_details b ON b.pan_card = s.pan AND b.user_id <> s.user_id
      UNION ALL
      SELECT s.withdrawal_id, w.user_id, false, true
        FROM s JOIN withdrawal_accounts a ON a.pan_card = s.pan
        JOIN wallet_transactions w ON w.id = a.wallet_transaction_id AND w.user_id <> s.user_id
    ),
    per_user AS (
      SELECT withdrawal_id, user_id, bool_or(by_account) AS by_account, bool_or(by_pan) AS by_pan
      FROM matched GROUP BY withdrawal_id, user_id
    ),
    owing AS (
      SELECT w.user_id, greatest(sum(w.shortfall_paise), 0) AS owed
      FROM wallet_transactions w
      WHERE w.user_id IN (SELECT user_id FROM per_user) AND w.shortfall_paise <> 0
      GROUP BY w.user_id
    ),
    counted AS (
      SELECT p.*, coalesce(o.owed, 0) AS owed,
        row_number() OVER (PARTITION BY p.withdrawal_id ORDER BY p.user_id) AS n,
        count(*) OVER (PARTITION BY p.withdrawal_id) AS total,
        count(*) FILTER (WHERE p.by_account) OVER (PARTITION BY p.withdrawal_id) AS account,
        count(*) FILTER (WHERE p.by_pan) OVER (PARTITION BY p.withdrawal_id) AS pan,
        sum(coalesce(o.owed, 0)) OVER (PARTITION BY p.withdrawal_id) AS owed_total
      FROM per_user p LEFT JOIN owing o ON o.user_id = p.user_id
    )
    SELECT c.withdrawal_id, c.user_id, c.by_account, c.by_pan, c.total, c.account, c.pan, c.owed, c.owed_total,
      u.first_name, u.last_name, u.email, u.referral_code
    FROM counted c JOIN users u ON u.id = c.user_id
    WHERE c.n <= ${SHARED_USERS_NAMED}
    ORDER BY c.withdrawal_id, c.n`);
  for (const row of result.rows) {
    const sharing = found.get(Number(row.withdrawal_id));
    if (!sharing) continue;
    sharing.total = Number(row.total);
    sharing.account = Number(row.account);
    sharing.pan = Number(row.pan);
    sharing.owed = paiseToRupees(Number(row.owed_total));
    const by: SharedBy = row.by_account && row.by_pan ? 'both' : row.by_account ? 'account' : 'pan';
    sharing.users.push({
      id: Number(row.user_id),
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      referral_code: row.referral_code,
      by,
      owed: paiseToRupees(Number(row.owed)),
    });
  }
  return found;
}
