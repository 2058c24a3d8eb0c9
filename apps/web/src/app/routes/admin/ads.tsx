import { AdsPage } from '@/features/admin/catalogue/components/ads-page';

export default function AdminAdsRoute() {
  return <AdsPage />;
}
