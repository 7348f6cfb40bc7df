import { messages, type CategoryAppliesTo } from '@datebook/contracts';
import { Field } from '@/ui/inputs/field';
import { useCategories } from '../hooks/use-categories';

interface CategorySelectProps {
  appliesTo: CategoryAppliesTo;
  /** The chosen category's id; undefined shows `fallbackSlug`'s, or the 'Choose…' prompt. */
  value: number | undefined;
  fallbackSlug?: string | undefined;
  onChange: (categoryId: number | undefined) => void;
  error?: string | undefined;
}

/**
 * The categories from the api by name; a native select for every device. Its options hold text only,
 * so the category's icon shows where the chosen category is displayed, not here.
 */
export function CategorySelect({ appliesTo, value, fallbackSlug, onChange, error }: CategorySelectProps) {
  const categories = useCategories(appliesTo);
  const items = categories.data ?? [];
  const selected = value ?? items.find((category) => category.slug === fallbackSlug)?.id;
  return (
    <Field label="Category" error={error}>
      {(control) => (
        <select
          className="field__control field__control--select"
          {...control}
          aria-busy={categories.isPending || undefined}
          value={selected === undefined ? '' : String(selected)}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">{messages.inputs.choose}</option>
          {items.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
