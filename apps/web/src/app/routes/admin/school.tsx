import { SchoolPage } from '@/features/admin/catalogue/components/school-page';

export default function AdminSchoolRoute() {
  return <SchoolPage />;
}
