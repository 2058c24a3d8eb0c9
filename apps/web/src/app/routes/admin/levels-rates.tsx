import { LevelsRatesPage } from '@/features/admin/settings/components/levels-rates-page';

export default function AdminLevelsRatesRoute() {
  return <LevelsRatesPage />;
}
