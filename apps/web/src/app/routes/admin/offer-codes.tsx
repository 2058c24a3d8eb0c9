import { OfferCodesPage } from '@/features/admin/offer-codes/components/offer-codes-page';

export default function AdminOfferCodesRoute() {
  return <OfferCodesPage />;
}
