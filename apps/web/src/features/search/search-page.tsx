import { useRef, useState } from 'react';
import type { PostCard } from '@datebook/contracts';
import { PostDetailDialog } from '@/features/posts';
import { useSessionUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Page } from '@/ui/layout/page';
import { Tabs } from '@/ui/layout/tabs/tabs';
import { activeFilterFields } from './active-filters';
import { ActiveFilterChips } from './components/active-filter-chips';
import { AuthorDialog } from './components/author-dialog';
import { SearchBox } from './components/search-box';
import { SearchEmpty } from './components/search-empty';
import { SearchFiltersPanel } from './components/search-filters-panel';
import { SearchResults } from './components/search-results';
import { useSearchCardActions } from './hooks/use-search-card-actions';
import { useSearchState } from './hooks/use-search-state';
import { searchTabsFor } from './search-tab';
import { searchTexts } from './search-texts';
import './search.css';

/**
 * Search (spec section 2, `/search`, anyone): words and filters over activities, dates and members,
 * with popups for a post and for its author. Visitors see read-only cards and no Follow.
 */
export function SearchPage() {
  const state = useSearchState();
  const viewer = useSessionUser();
  const [post, setPost] = useState<PostCard | null>(null);
  const [author, setAuthor] = useState<string | null>(null);
  const { actions, readOnly, manualUrl, closeManual } = useSearchCardActions(setPost);
  const filtersToggle = useRef<HTMLButtonElement>(null);

  const handlers = {
    actions,
    readOnly,
    canFollow: viewer !== null,
    openPost: setPost,
    openAuthor: setAuthor,
  };

  return (
    <Page title="Search">
      <div className="search-page">
        <SearchBox
          text={state.text}
          onText={state.setText}
          onSubmit={state.submit}
          chosen={activeFilterFields(state.applied).length}
          toggleRef={filtersToggle}
          filtersClassName="search-page__filters"
          filters={({ close }) => (
            <>
              <SearchFiltersPanel value={state.draft} onChange={state.setDraft} />
              <div className="search-page__filter-actions">
                <Button variant="secondary" onClick={state.reset}>
                  {searchTexts.resetAll}
                </Button>
                <Button
                  onClick={() => {
                    state.apply();
                    close();
                  }}
                >
                  {searchTexts.applyFilters}
                </Button>
              </div>
            </>
          )}
        />
        <ActiveFilterChips
          filters={state.applied}
          onRemove={state.removeFilter}
          onEmptied={() => filtersToggle.current?.focus()}
        />
        <Tabs tabs={searchTabsFor(state.applied)} selected={state.tab} onSelect={state.selectTab}>
          {state.search ? (
            <SearchResults
              tab={state.tab}
              search={state.search}
              handlers={handlers}
              onShortcut={state.runShortcut}
            />
          ) : (
            <SearchEmpty searched={false} onShortcut={state.runShortcut} />
          )}
        </Tabs>
      </div>
      {post && <PostDetailDialog kind={post.kind} id={post.id} onClose={() => setPost(null)} />}
      {author && (
        <AuthorDialog
          username={author}
          onClose={() => setAuthor(null)}
          onOpenPost={(recent) => {
            setAuthor(null);
            setPost(recent);
          }}
        />
      )}
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={closeManual} />}
    </Page>
  );
}
