import { CategoriesPage } from '@/features/admin/catalogue/components/categories-page';

export default function AdminCategoriesRoute() {
  return <CategoriesPage />;
}
