import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages, type PostList } from '@datebook/contracts';
import { useLoadMoreOnSight } from '@/lib/use-load-more-on-sight';
import { Button } from '@/ui/actions/button';
import { LoadError } from '@/ui/feedback/load-error';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { useSaveToggle } from '../hooks/use-save-toggle';
import '../collections.css';

interface SavedCardFeedProps {
  posts: UseInfiniteQueryResult<InfiniteData<PostList>>;
  label: string;
  empty: ReactNode;
  /** The spec's text for a list that could not load. */
  errorText: string;
}

/**
 * Saved posts as long cards with their save control, newest save first, in columns wide enough for
 * a 16:9 banner with the author and bookmark over it: the next keyset page loads
 * as the end scrolls into view, or with 'Load more'. A card unsaved here stays until the next visit,
 * so a slip of the finger can be undone.
 */
export function SavedCardFeed({ posts, label, empty, errorText }: SavedCardFeedProps) {
  const save = useSaveToggle();
  const canLoadMore = posts.hasNextPage && !posts.isFetchingNextPage;
  const sentinel = useLoadMoreOnSight(() => void posts.fetchNextPage(), canLoadMore);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (posts.isPending) {
    return <p role="status">{messages.loading.generic}</p>;
  }
  // A failed refetch keeps the cards already known (offline, those read from the device's cache).
  if (posts.data === undefined) {
    return <LoadError message={errorText} onRetry={() => void posts.refetch()} />;
  }
  if (items.length === 0) {
    return empty;
  }
  return (
    <>
      <ul className="saved-feed" aria-label={label}>
        {items.map((post) => (
          <li key={`${post.kind}-${post.id}`}>
            <PostCardView post={post} size="long" actions={{ onSave: save.toggle }} />
          </li>
        ))}
      </ul>
      {posts.hasNextPage && (
        <div ref={sentinel} className="saved-feed__more">
          <Button
            variant="secondary"
            pending={posts.isFetchingNextPage}
            onClick={() => canLoadMore && void posts.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
