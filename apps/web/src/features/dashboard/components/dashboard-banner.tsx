import { useTranslation } from 'react-i18next';
import type { Language } from '@app/contracts';
import { mediaUrl } from '@/lib/media';
import { useAd } from '../api/get-ad';

export const fallbackBannerUrl = '/images/banner.svg';

/** The fallback banner's words in each language. */
const fallbackBanners: Record<Language, string> = {
  en: fallbackBannerUrl,
  hi: '/images/banner-hi.svg',
  ml: '/images/banner-ml.svg',
};

/** The dashboard banner from GET /ads; the fallback image when there is none or it fails to load. */
export function DashboardBanner() {
  const { t, i18n } = useTranslation('dashboard');
  const fallback = fallbackBanners[i18n.language as Language] ?? fallbackBannerUrl;
  const ad = useAd();
  // A failed or empty answer shows the fallback too: the banner is decoration, not content.
  const src = (ad.isSuccess && mediaUrl(ad.data.url)) || (ad.isPending ? null : fallback);
  return (
    <div
      className="dashboard-banner rounded-4 overflow-hidden shadow-sm bg-primary-subtle mb-4"
      style={{ width: '100%', aspectRatio: '4 / 1', minHeight: '7.5rem' }}
    >
      {src && (
        <img
          src={src}
          alt={src === fallback ? t('banner.fallbackAlt') : t('banner.adAlt')}
          className="w-100 h-100 object-fit-cover"
          // On phones the box is taller than 4:1 and the sides are cropped: keep the left, where banners start their text.
          style={{ objectPosition: 'left center' }}
          // The banner is the dashboard's largest paint: fetched ahead of the avatar and icons.
          fetchPriority="high"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
          }}
        />
      )}
    </div>
  );
}
