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

/** How long the dashboard page's hint keeps naming a banner without reading it again. */
export const BANNER_HINT_TTL_MS = 30_000;

/**
 * The running banner's URL for the dashboard page's preload hint (app.ts), read again at most every
 * BANNER_HINT_TTL_MS: a banner changed meanwhile costs the phone one unused preload, and a page request costs the
 * database nothing most of the time.
 */
export function createBannerHint(ctx: AppContext): () => Promise<string | null> {
  let known: { url: string | null; until: number } | undefined;
  return async () => {
    const now = ctx.now().getTime();
    if (!known || now >= known.until) known = { url: (await getAd(ctx)).url, until: now + BANNER_HINT_TTL_MS };
    return known.url;
  };
}
