import { CategoryIcon } from '@/ui/icons/category-icon';
import { useAllCategories } from '@/features/posts';
import { EmptyNote, ExploreSection, LoadError } from './explore-section';

const SKELETON_CHIPS = 6;

/** Every category as a chip; choosing one searches it (spec section 2, Explore). */
export function CategoriesRow({ onChoose }: { onChoose: (slug: string) => void }) {
  const categories = useAllCategories();
  return (
    <ExploreSection title="Categories">
      {categories.isPending ? (
        <ul className="explore-categories" aria-hidden="true">
          {Array.from({ length: SKELETON_CHIPS }, (_, index) => (
            <li
              key={index}
              className="explore-skeleton explore-skeleton--chip"
              data-testid="category-skeleton"
            />
          ))}
        </ul>
      ) : categories.isError && categories.items.length === 0 ? (
        <LoadError message="Couldn't load the categories." onRetry={categories.retry} />
      ) : categories.items.length === 0 ? (
        <EmptyNote>No categories yet.</EmptyNote>
      ) : (
        <ul className="explore-categories" aria-label="Categories">
          {categories.items.map((category) => (
            <li key={category.slug}>
              <button type="button" className="explore-category" onClick={() => onChoose(category.slug)}>
                <CategoryIcon slug={category.slug} size={20} className="explore-category__icon" />
                {category.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ExploreSection>
  );
}
