import type { PostCard } from '@datebook/contracts';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import { useFeaturedActivities } from '../hooks/use-explore-lists';
import { EmptyNote, ExploreSection, LoadError } from './explore-section';

const SKELETON_TILES = 5;

/**
 * The best-performing recent activities as a horizontal row of slim tiles. Slim tiles carry no
 * save, like or share controls, so the row reads the same to members and visitors; a tile opens
 * the post's popup.
 */
export function FeaturedRow({ onOpen }: { onOpen: (post: PostCard) => void }) {
  const featured = useFeaturedActivities();
  return (
    <ExploreSection title="Featured Activities">
      {featured.isPending ? (
        <ul className="post-row" aria-hidden="true">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <li
              key={index}
              className="explore-skeleton explore-skeleton--slim"
              data-testid="featured-skeleton"
            />
          ))}
        </ul>
      ) : featured.data === undefined ? (
        <LoadError message="Couldn't load the featured activities." onRetry={() => void featured.refetch()} />
      ) : featured.data.length === 0 ? (
        <EmptyNote>No featured activities yet. Check back soon.</EmptyNote>
      ) : (
        <PostGrid label="Featured Activities" layout="row">
          {featured.data.map((post) => (
            <li key={`${post.kind}-${post.id}`}>
              <PostCardView post={post} size="slim" readOnly onOpen={onOpen} />
            </li>
          ))}
        </PostGrid>
      )}
    </ExploreSection>
  );
}
