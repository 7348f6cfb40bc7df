import { messages } from '@datebook/contracts';
import type { SearchShortcut } from '../hooks/use-search-state';
import { SEARCH_CHIPS } from './search-chips';

interface SearchEmptyProps {
  onShortcut: (shortcut: SearchShortcut) => void;
  /** Before any search there is nothing to have found: only the suggestions show. */
  searched?: boolean;
}

export function SearchEmpty({ onShortcut, searched = true }: SearchEmptyProps) {
  return (
    <div className="search-empty">
      {searched && (
        <>
          <h2 className="search-empty__title">{messages.empty.searchTitle}</h2>
          <p className="search-empty__hint">{messages.empty.searchHint}</p>
        </>
      )}
      <ul className="search-empty__chips" aria-label="Suggestions">
        {SEARCH_CHIPS.map((chip) => (
          <li key={chip.label}>
            <button type="button" className="search-chip" onClick={() => onShortcut(chip.shortcut)}>
              {chip.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
