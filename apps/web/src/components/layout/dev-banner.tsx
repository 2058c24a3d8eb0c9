import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** Shown whenever the production flag is off (docs/product/app-shell.md#shell). */
export function DevBanner() {
  const { t } = useTranslation('layout');
  if (env.isProduction) return null;
  return (
    <div className="dev-banner" role="note">
      {t('devBanner')}
    </div>
  );
}
