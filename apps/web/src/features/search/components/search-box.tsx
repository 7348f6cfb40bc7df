import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@/ui/actions/button';
import { searchTexts } from '../search-texts';
import { FiltersIcon, SearchIcon } from './search-icons';
import '../search.css';

interface SearchBoxProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  /** What the Filters toggle shows and hides; `close` folds it away (after applying, say). */
  filters: (panel: { open: boolean; close: () => void }) => ReactNode;
  filtersClassName: string;
  /** How many filters differ from their defaults, shown on the toggle while the panel is folded away. */
  chosen?: number;
  /** The Filters toggle, for a screen that sends focus there. */
  toggleRef?: Ref<HTMLButtonElement>;
}

/**
 * The search field, its Search button, and the filter toggle with the panel it opens; Enter searches
 * like the button (Search and Explore).
 */
export function SearchBox({
  text,
  onText,
  onSubmit,
  filters,
  filtersClassName,
  chosen = 0,
  toggleRef,
}: SearchBoxProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <form role="search" className="search-box" onSubmit={handleSubmit}>
        <div className="search-box__field">
          <SearchIcon size={20} className="search-box__icon" />
          <input
            type="search"
            className="search-box__input"
            aria-label={searchTexts.search}
            placeholder={searchTexts.placeholder}
            value={text}
            enterKeyHint="search"
            autoComplete="off"
            onChange={(event) => onText(event.target.value)}
          />
        </div>
        <Button type="submit">{searchTexts.search}</Button>
        <button
          ref={toggleRef}
          type="button"
          className="search-box__toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FiltersIcon size={20} />
          <span>{searchTexts.filters}</span>
          {chosen > 0 && (
            <span className="search-box__count">
              {chosen}
              <span className="visually-hidden"> chosen</span>
            </span>
          )}
        </button>
      </form>
      <div id={filtersId} className={filtersClassName} hidden={!filtersOpen}>
        {filters({ open: filtersOpen, close: () => setFiltersOpen(false) })}
      </div>
    </>
  );
}
