import { messages, type PostCard } from '@datebook/contracts';
import { useLoadMoreOnSight } from '@/lib/use-load-more-on-sight';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import type { CardActions } from '@/ui/post-card/post-card-types';
import { useExploreActivities } from '../hooks/use-explore-lists';
import { EmptyNote, ExploreSection, LoadError } from './explore-section';

interface ExploreGridProps {
  actions: CardActions;
  /** Visitors' cards hide like, comment, share and save (spec section 6). */
  readOnly: boolean;
  onOpen: (post: PostCard) => void;
}

const FIRST_PAGE_SKELETONS = 5;
const NEXT_PAGE_SKELETONS = 5;
const LOAD_ERROR = "Couldn't load the activities.";
/** The spec's Explore Activities grid lists every activity, newest first, which its heading says. */
const GRID_TITLE = 'Explore Activities';

/**
 * Every activity the viewer may see, newest first, in a grid of 1 to 5 columns: the next keyset page
 * loads as the end scrolls into view (or with 'Load more'); a failed page offers a retry and keeps
 * the cards already shown.
 */
export function ExploreGrid({ actions, readOnly, onOpen }: ExploreGridProps) {
  const grid = useExploreActivities();
  const canLoadMore = grid.hasNextPage && !grid.isFetchingNextPage && !grid.isFetchNextPageError;
  const sentinel = useLoadMoreOnSight(() => void grid.fetchNextPage(), canLoadMore);
  const cards = grid.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ExploreSection title={GRID_TITLE}>
      {grid.isPending ? (
        <>
          <p role="status" className="visually-hidden">
            {messages.loading.generic}
          </p>
          <ul className="post-grid" aria-hidden="true">
            <GridSkeletons count={FIRST_PAGE_SKELETONS} />
          </ul>
        </>
      ) : grid.data === undefined ? (
        <LoadError message={LOAD_ERROR} onRetry={() => void grid.refetch()} />
      ) : cards.length === 0 ? (
        <EmptyNote>No activities to explore yet. Be the first to share one.</EmptyNote>
      ) : (
        <>
          <PostGrid label={GRID_TITLE}>
            {cards.map((card) => (
              <li key={`${card.kind}-${card.id}`}>
                <PostCardView post={card} size="full" readOnly={readOnly} actions={actions} onOpen={onOpen} />
              </li>
            ))}
            {grid.isFetchingNextPage && <GridSkeletons count={NEXT_PAGE_SKELETONS} />}
          </PostGrid>
          {grid.isFetchNextPageError ? (
            <LoadError message={LOAD_ERROR} onRetry={() => void grid.fetchNextPage()} />
          ) : grid.hasNextPage ? (
            <div ref={sentinel} className="explore-more">
              <LoadMoreButton query={grid} ready={canLoadMore} />
            </div>
          ) : (
            <p className="explore-end">You've reached the end. That's every activity for now.</p>
          )}
        </>
      )}
    </ExploreSection>
  );
}

/** Grey stand-ins shaped like full cards while a page loads; hidden from assistive tech. */
function GridSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className="explore-skeleton explore-skeleton--card"
          aria-hidden="true"
          data-testid="grid-skeleton"
        >
          <span className="explore-skeleton__media" />
          <span className="explore-skeleton__line" />
          <span className="explore-skeleton__line explore-skeleton__line--short" />
        </li>
      ))}
    </>
  );
}
