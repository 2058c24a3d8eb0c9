import { desc, eq } from 'drizzle-orm';
import { ads } from '@app/db';
import type { AdData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { mediaPath } from './media-path.ts';

/** GET /ads: the newest active ad's image; null when none runs (the client shows its fallback). */
export async function getAd(ctx: AppContext): Promise<AdData> {
  const [ad] = await ctx.db
    .select({ url: ads.url })
    .from(ads)
    .where(eq(ads.isActive, true))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(1);
  return { url: mediaPath(ad?.url) };
}
