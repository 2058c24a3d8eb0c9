import { mediaUrl } from '@/lib/media';
import { useAd } from '../api/get-ad';

export const fallbackBannerUrl = '/images/banner.svg';

/** The dashboard banner from GET /ads; the fallback image when there is none or it fails to load. */
export function DashboardBanner() {
  const ad = useAd();
  // A failed or empty answer shows the fallback too: the banner is decoration, not content.
  const src = (ad.isSuccess && mediaUrl(ad.data.url)) || (ad.isPending ? null : fallbackBannerUrl);
  return (
    <div className="dashboard-banner rounded-4 overflow-hidden shadow-sm bg-primary-subtle mb-4" style={{ width: '100%', aspectRatio: '4 / 1', minHeight: '7.5rem' }}>
      {src && (
        <img
          src={src}
          alt={src === fallbackBannerUrl ? 'Learn, invite friends and grow with Live Connect' : 'Advertisement'}
          className="w-100 h-100 object-fit-cover"
          // On phones the box is taller than 4:1 and the sides are cropped: keep the left, where banners start their text.
          style={{ objectPosition: 'left center' }}
          // The banner is the dashboard's largest paint: fetched ahead of the avatar and icons.
          fetchPriority="high"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(fallbackBannerUrl)) event.currentTarget.src = fallbackBannerUrl;
          }}
        />
      )}
    </div>
  );
}
