import Button from 'react-bootstrap/Button';
import type { CategoryItem } from '@app/contracts';

interface CategoryFilterProps {
  categories: CategoryItem[];
  /** null: 'All Syllabus'. */
  selected: number | null;
  onSelect: (categoryId: number | null) => void;
}

/** 'All Syllabus' plus one button per category. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
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
    <div className="d-flex flex-wrap gap-2 mb-4" role="group" aria-label="Filter by category">
      {option(null, 'All Syllabus')}
      {categories.map((category) => option(category.id, category.name))}
    </div>
  );
}
