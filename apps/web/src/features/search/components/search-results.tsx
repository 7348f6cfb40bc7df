import type { ReactNode } from 'react';
import { messages, type PostCard, type PostKind, type UserSearchResult } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { LoadError } from '@/ui/feedback/load-error';
import { PostGrid } from '@/ui/post-card/post-grid';
import type { SearchShortcut } from '../hooks/use-search-state';
import { usePostResults, useUserResults } from '../hooks/use-search-results';
import type { SearchRun } from '../query-keys';
import { usersSearchable, type SearchTab } from '../search-tab';
import { searchTexts } from '../search-texts';
import { SearchEmpty } from './search-empty';
import { SearchPostCard } from './search-post-card';
import type { ResultHandlers } from './result-handlers';
import { UserTile } from './user-tile';

interface SearchResultsProps {
  tab: SearchTab;
  search: SearchRun;
  handlers: ResultHandlers;
  onShortcut: (shortcut: SearchShortcut) => void;
}

/** The selected tab's results; each tab asks only for what it shows. */
export function SearchResults({ tab, ...props }: SearchResultsProps) {
  switch (tab) {
    case 'all':
      return <AllResults {...props} />;
    case 'activities':
      return <PostResults kind="activity" label={searchTexts.tabs.activities} {...props} />;
    case 'dates':
      return <PostResults kind="date" label={searchTexts.tabs.dates} {...props} />;
    case 'users':
      return <UserResults {...props} />;
  }
}

type TabProps = Omit<SearchResultsProps, 'tab'>;

/** What the page needs of any one result list, posts or members. */
interface ResultList<T> {
  isLoading: boolean;
  isError: boolean;
  data?: { pages: Array<{ items: T[] }> } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

const itemsOf = <T,>(list: ResultList<T>): T[] => list.data?.pages.flatMap((page) => page.items) ?? [];

/**
 * Under All: a horizontal row per type that found something; one 'Load More Results' continues every
 * row whose last page was full.
 */
function AllResults({ search, handlers, onShortcut }: TabProps) {
  const activities = usePostResults('activity', search, true);
  const dates = usePostResults('date', search, true);
  const users = useUserResults(search, usersSearchable(search.filters));
  const lists: ResultList<unknown>[] = [activities, dates, users];
  const rows = {
    activities: itemsOf(activities),
    dates: itemsOf(dates),
    users: itemsOf(users),
  };
  return (
    <ResultsFrame
      lists={lists}
      found={rows.activities.length + rows.dates.length + rows.users.length}
      onShortcut={onShortcut}
    >
      {rows.activities.length > 0 && (
        <PostRow label={searchTexts.tabs.activities} posts={rows.activities} handlers={handlers} />
      )}
      {rows.dates.length > 0 && (
        <PostRow label={searchTexts.tabs.dates} posts={rows.dates} handlers={handlers} />
      )}
      {rows.users.length > 0 && (
        <section className="search-section" aria-label={searchTexts.tabs.users}>
          <h2 className="search-section__title">{searchTexts.tabs.users}</h2>
          <ul className="user-row" aria-label={searchTexts.tabs.users}>
            {rows.users.map((user) => (
              <UserTile key={user.id} user={user} handlers={handlers} />
            ))}
          </ul>
        </section>
      )}
    </ResultsFrame>
  );
}

function PostRow({ label, posts, handlers }: { label: string; posts: PostCard[]; handlers: ResultHandlers }) {
  return (
    <section className="search-section" aria-label={label}>
      <h2 className="search-section__title">{label}</h2>
      <PostGrid label={label} layout="row">
        {posts.map((post) => (
          <SearchPostCard key={`${post.kind}-${post.id}`} post={post} size="slim" handlers={handlers} />
        ))}
      </PostGrid>
    </section>
  );
}

function PostResults({
  kind,
  label,
  search,
  handlers,
  onShortcut,
}: TabProps & { kind: PostKind; label: string }) {
  const results = usePostResults(kind, search, true);
  const posts = itemsOf(results);
  return (
    <ResultsFrame lists={[results]} found={posts.length} onShortcut={onShortcut}>
      <PostGrid label={label}>
        {posts.map((post) => (
          <SearchPostCard key={`${post.kind}-${post.id}`} post={post} size="full" handlers={handlers} />
        ))}
      </PostGrid>
    </ResultsFrame>
  );
}

function UserResults({ search, handlers, onShortcut }: TabProps) {
  const results = useUserResults(search, true);
  const users: UserSearchResult[] = itemsOf(results);
  return (
    <ResultsFrame lists={[results]} found={users.length} onShortcut={onShortcut}>
      <ul className="user-grid" aria-label={searchTexts.tabs.users}>
        {users.map((user) => (
          <UserTile key={user.id} user={user} handlers={handlers} />
        ))}
      </ul>
    </ResultsFrame>
  );
}

/**
 * 'Searching...' until every list has its first page; an error with a retry when a list failed and
 * nothing was found (issue 26 replaces the spec's empty state for a failed search: offline, 'No
 * results found' told a falsehood); the empty state when nothing was found; 'Load More Results'
 * while a last page was full.
 */
function ResultsFrame({
  lists,
  found,
  onShortcut,
  children,
}: {
  lists: ResultList<unknown>[];
  found: number;
  onShortcut: (shortcut: SearchShortcut) => void;
  children: ReactNode;
}) {
  if (lists.some((list) => list.isLoading)) {
    return (
      <p role="status" className="search-status">
        {messages.loading.searching}
      </p>
    );
  }
  const failed = lists.filter((list) => list.isError);
  if (found === 0 && failed.length > 0) {
    return (
      <LoadError
        message={messages.loads.failedSearch}
        onRetry={() => failed.forEach((list) => void list.refetch())}
      />
    );
  }
  if (found === 0) {
    return <SearchEmpty onShortcut={onShortcut} />;
  }
  const more = lists.filter((list) => list.hasNextPage);
  const loadingMore = lists.some((list) => list.isFetchingNextPage);
  return (
    <>
      {children}
      {more.length > 0 && (
        <div className="search-more">
          <Button
            variant="secondary"
            pending={loadingMore}
            onClick={() => !loadingMore && more.forEach((list) => void list.fetchNextPage())}
          >
            {searchTexts.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}
