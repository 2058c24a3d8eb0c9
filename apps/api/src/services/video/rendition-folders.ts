import { and, inArray, isNotNull } from 'drizzle-orm';
import { videoRenditions, type DbOrTx } from '@app/db';
import type { Storage } from '../../lib/storage.ts';
import { deleteHlsOutput } from './hls-files.ts';

/**
 * The HLS renditions of chapters about to be deleted, read before the delete (their rows go with the chapters), to
 * be removed from storage with `deleteRenditions` once the delete has committed: a one-hour lecture's renditions are
 * about 1.5 GB that nothing would ever read again.
 */
export async function renditionsOf(db: DbOrTx, subjectIds: number[]): Promise<string[]> {
  if (subjectIds.length === 0) return [];
  const rows = await db
    .select({ masterKey: videoRenditions.masterKey })
    .from(videoRenditions)
    .where(and(inArray(videoRenditions.subjectId, subjectIds), isNotNull(videoRenditions.masterKey)));
  return rows.flatMap((row) => (row.masterKey ? [row.masterKey] : []));
}

export async function deleteRenditions(storage: Storage, masterKeys: string[]): Promise<void> {
  for (const masterKey of masterKeys) await deleteHlsOutput(storage, masterKey);
}
