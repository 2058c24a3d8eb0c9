import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { CategoryItem } from '@app/contracts';

interface CategoryFilterProps {
  categories: CategoryItem[];
  /** null: 'All Syllabus'. */
  selected: number | null;
  onSelect: (categoryId: number | null) => void;
  className?: string;
}

/** 'All Syllabus' plus one button per category. */
export function CategoryFilter({ categories, selected, onSelect, className = 'mb-4' }: CategoryFilterProps) {
  const { t } = useTranslation('catalogue');
  const option = (id: number | null, name: string) => (
    <Button
      key={id ?? 'all'}
      variant={selected === id ? 'primary' : 'outline-primary'}
      size="sm"
      className="rounded-pill"
      aria-pressed={selected === id}
      onClick={() => onSelect(id)}
    >
      {name}
    </Button>
  );
  return (
    <div className={`d-flex flex-wrap gap-2 ${className}`} role="group" aria-label={t('filters.category')}>
      {option(null, t('filters.allSyllabus'))}
      {categories.map((category) => option(category.id, category.name))}
    </div>
  );
}
