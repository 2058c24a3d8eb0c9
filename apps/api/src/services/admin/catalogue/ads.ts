import { desc, eq } from 'drizzle-orm';
import { ads, type DbOrTx } from '@app/db';
import { adminMessages, type AdminAd } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { mediaPath } from '../../catalogue/index.ts';
import { cleanImage, deleteOwnFile, storeUpload } from '../uploads.ts';

type AdRow = typeof ads.$inferSelect;

const toAdminAd = (row: AdRow): AdminAd => ({
  id: row.id,
  url: mediaPath(row.url),
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
});

async function findAd(db: DbOrTx, id: number): Promise<AdRow> {
  const [row] = await db.select().from(ads).where(eq(ads.id, id));
  if (!row) throw AppError.notFound(adminMessages.adNotFound);
  return row;
}

/** GET /admin/ads: newest first; the newest active one is the banner learners see. */
export async function listAds(ctx: AppContext): Promise<AdminAd[]> {
  return (await ctx.db.select().from(ads).orderBy(desc(ads.createdAt), desc(ads.id))).map(toAdminAd);
}

/** The image of an ad: an upload (re-encoded, stored under ads/) or an https URL. */
async function adImage(
  ctx: AppContext,
  options: { url?: string | undefined; upload: Buffer | null },
): Promise<{ ref: string; storedKey: string | null } | null> {
  if (options.upload) {
    const key = await storeUpload(ctx, 'ads/', 'ad', await cleanImage(options.upload));
    return { ref: key, storedKey: key };
  }
  return options.url ? { ref: options.url, storedKey: null } : null;
}

/** POST /admin/ads (JSON with url, or multipart with file) */
export async function createAd(
  ctx: AppContext,
  options: {
    actorId: number;
    input: { url?: string | undefined; is_active?: boolean | undefined };
    upload: Buffer | null;
  },
): Promise<AdminAd> {
  const image = await adImage(ctx, { url: options.input.url, upload: options.upload });
  if (!image) throw AppError.field('file', adminMessages.fileOrUrlRequired);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ads)
        .values({ url: image.ref, isActive: options.input.is_active ?? true, createdAt: ctx.now() })
        .returning();
      const after = toAdminAd(row!);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'ad.create',
        entity: 'ads',
        entityId: row!.id,
        after,
      });
      return after;
    });
  } catch (error) {
    await deleteOwnFile(ctx, image.storedKey);
    throw error;
  }
}

/** PUT /admin/ads/{id}: switch it on or off, or give it a new image. */
export async function updateAd(
  ctx: AppContext,
  options: {
    actorId: number;
    id: number;
    patch: { url?: string | undefined; is_active?: boolean | undefined };
    upload: Buffer | null;
  },
): Promise<AdminAd> {
  await findAd(ctx.db, options.id);
  const image = await adImage(ctx, { url: options.patch.url, upload: options.upload });
  let previous: string | null = null;
  let after: AdminAd;
  try {
    after = await ctx.db.transaction(async (tx) => {
      const current = await findAd(tx, options.id);
      const set = {
        ...(image ? { url: image.ref } : {}),
        ...(options.patch.is_active !== undefined ? { isActive: options.patch.is_active } : {}),
      };
      const [row] =
        Object.keys(set).length > 0
          ? await tx.update(ads).set(set).where(eq(ads.id, options.id)).returning()
          : [current];
      const updated = toAdminAd(row!);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'ad.update',
        entity: 'ads',
        entityId: options.id,
        before: toAdminAd(current),
        after: updated,
      });
      if (image) previous = current.url;
      return updated;
    });
  } catch (error) {
    await deleteOwnFile(ctx, image?.storedKey);
    throw error;
  }
  await deleteOwnFile(ctx, previous);
  return after;
}

export async function deleteAd(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  const url = await ctx.db.transaction(async (tx) => {
    const current = await findAd(tx, options.id);
    await tx.delete(ads).where(eq(ads.id, options.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'ad.delete',
      entity: 'ads',
      entityId: options.id,
      before: toAdminAd(current),
    });
    return current.url;
  });
  await deleteOwnFile(ctx, url);
}
