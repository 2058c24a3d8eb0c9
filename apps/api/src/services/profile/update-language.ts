import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import type { Language } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/** PUT /profile/language: the learner's language, which the app opens in and the mails are written in. */
export async function updateLanguage(ctx: AppContext, options: { userId: number; language: Language }): Promise<void> {
  await ctx.db
    .update(users)
    .set({ language: options.language, updatedAt: ctx.now() })
    .where(eq(users.id, options.userId));
}
