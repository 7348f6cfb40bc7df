import { messages, type PostCard } from '@datebook/contracts';
import { useLoadMoreOnSight } from '@/lib/use-load-more-on-sight';
import { Button } from '@/ui/actions/button';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { FormMessage } from '@/ui/feedback/form-message';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import type { CardActions } from '@/ui/post-card/post-card-types';
import { relationshipOf } from '../feed-relationship';
import { FEED_TABS, type FeedTab } from '../feed-tab';
import { useFeed } from '../hooks/use-feed';
import { FeedEmpty } from './feed-empty';
import { FeedSkeletons } from './feed-skeletons';

interface FeedListProps {
  tab: FeedTab;
  actions: CardActions;
  onOpen: (post: PostCard) => void;
}

/** Cards shown while the first page loads, and added below the list while the next one does. */
const FIRST_PAGE_SKELETONS = 4;
const NEXT_PAGE_SKELETONS = 2;

/**
 * A feed tab as full cards: the next keyset page loads as the end scrolls into view (or with 'Load
 * more'); a failed page says 'Error loading feed' with a retry, and the cards already shown stay.
 */
export function FeedList({ tab, actions, onOpen }: FeedListProps) {
  const feed = useFeed(tab);
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError;
  const sentinel = useLoadMoreOnSight(() => void feed.fetchNextPage(), canLoadMore);
  const label = FEED_TABS.find((entry) => entry.key === tab)?.label ?? tab;

  if (feed.isPending) {
    return (
      <>
        <p role="status" className="visually-hidden">
          {messages.loading.generic}
        </p>
        <ul className="post-grid" aria-hidden="true">
          <FeedSkeletons count={FIRST_PAGE_SKELETONS} />
        </ul>
      </>
    );
  }
  // A failed refetch keeps the cards already shown; only a feed never loaded says it failed.
  if (feed.data === undefined) {
    return <FeedError onRetry={() => void feed.refetch()} />;
  }
  const cards = feed.data?.pages.flatMap((page) => page.items) ?? [];
  if (cards.length === 0) {
    return <FeedEmpty tab={tab} />;
  }
  return (
    <>
      <PostGrid label={label}>
        {cards.map((card, at) => (
          <li key={`${card.kind}-${card.id}`}>
            <PostCardView
              post={card}
              size="full"
              relationship={relationshipOf(card)}
              actions={actions}
              onOpen={onOpen}
              priority={at === 0}
            />
          </li>
        ))}
        {feed.isFetchingNextPage && <FeedSkeletons count={NEXT_PAGE_SKELETONS} />}
      </PostGrid>
      {feed.isFetchNextPageError ? (
        <FeedError onRetry={() => void feed.fetchNextPage()} />
      ) : (
        feed.hasNextPage && (
          <div ref={sentinel} className="feed__more">
            <LoadMoreButton query={feed} ready={canLoadMore} />
          </div>
        )
      )}
    </>
  );
}

function FeedError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="feed__error">
      <FormMessage tone="error">{messages.loads.errorFeed}</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
