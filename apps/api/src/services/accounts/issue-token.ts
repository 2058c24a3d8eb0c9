import { accessTokens, type DbOrTx } from '@app/db';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';

/** Issues an opaque 256-bit token; only its SHA-256 is stored. */
export async function issueToken(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(accessTokens).values({ userId, tokenHash: sha256Hex(token), createdAt: now, lastUsedAt: now });
  return token;
}
