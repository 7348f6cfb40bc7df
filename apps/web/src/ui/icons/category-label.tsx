import type { Category } from '@datebook/contracts';
import { CategoryIcon } from './category-icon';
import './category-label.css';

/** A category as posts show it: its icon, then its name. */
export function CategoryLabel({ category }: { category: Pick<Category, 'slug' | 'name'> }) {
  return (
    <span className="category-label">
      <CategoryIcon slug={category.slug} size={16} className="category-label__icon" />
      {category.name}
    </span>
  );
}
