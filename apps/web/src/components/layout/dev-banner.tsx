import { env } from '@/config/env';

/** Shown whenever the production flag is off (spec section 1). */
export function DevBanner() {
  if (env.isProduction) return null;
  return (
    <div className="dev-banner" role="note">
      Development server: data here is not real and mail goes to the dev mailbox.
    </div>
  );
}
