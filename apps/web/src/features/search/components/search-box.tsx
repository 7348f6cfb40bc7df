import type { FormEvent } from 'react';
import { Button } from '@/ui/actions/button';
import { searchTexts } from '../search-texts';
import { FiltersIcon, SearchIcon } from './search-icons';
import '../search.css';

interface SearchBoxProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters: () => void;
  /** How many filters differ from Any, shown on the toggle (Explore, where the panel is folded away). */
  chosen?: number;
}

/** The search field, its Search button and the filter toggle; Enter searches like the button (Search and Explore). */
export function SearchBox({
  text,
  onText,
  onSubmit,
  filtersOpen,
  filtersId,
  onToggleFilters,
  chosen = 0,
}: SearchBoxProps) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
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
        type="button"
        className="search-box__toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={onToggleFilters}
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
  );
}
