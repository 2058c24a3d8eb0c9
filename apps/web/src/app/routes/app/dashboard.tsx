import { Welcome } from '@/features/dashboard/components/welcome';

export default function DashboardRoute() {
  return <Welcome />;
}
