import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, webRoutes, type PostCard, type PostKind } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session/use-session';
import { Button } from '@/ui/button';
import { FormMessage } from '@/ui/form-message';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import { useProfilePosts } from '../hooks/use-profile-posts';
import { PostDetailDialog } from './post-detail-dialog';
import { PostTabs, type Tab } from './post-tabs';
import '../posts.css';

const TABS: readonly Tab<PostKind>[] = [
  { key: 'activity', label: 'Your Activities' },
  { key: 'date', label: 'Your Dates' },
];

/**
 * The own account's tabs (spec section 2, Own account): 'Your Activities' as a list and 'Your Dates'
 * as a grid, each post opening its detail popup, where the owner edits or deletes it; the lists
 * refresh after either.
 */
export function OwnPostsTabs() {
  const [kind, setKind] = useState<PostKind>('activity');
  const [open, setOpen] = useState<PostCard | null>(null);
  return (
    <>
      <PostTabs tabs={TABS} selected={kind} onSelect={setKind}>
        <OwnPostList key={kind} kind={kind} onOpen={setOpen} />
      </PostTabs>
      {open && <PostDetailDialog kind={open.kind} id={open.id} onClose={() => setOpen(null)} />}
    </>
  );
}

function OwnPostList({ kind, onOpen }: { kind: PostKind; onOpen: (post: PostCard) => void }) {
  const user = useSignedInUser();
  const posts = useProfilePosts(kind, user.username);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (posts.isPending) {
    return <p role="status">{messages.loading.generic}</p>;
  }
  if (posts.isError) {
    return <FormMessage tone="error">{posts.error.message}</FormMessage>;
  }
  if (items.length === 0) {
    return (
      <div className="own-posts__empty">
        <p>{kind === 'activity' ? messages.empty.activities : messages.empty.dates}</p>
        <Link to={webRoutes.create}>{kind === 'activity' ? 'Create an activity' : 'Create a date'}</Link>
      </div>
    );
  }
  return (
    <>
      {kind === 'activity' ? (
        <ul className="own-posts__list" aria-label="Your Activities">
          {items.map((post) => (
            <li key={post.id}>
              <PostCardView post={post} size="compact" readOnly onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : (
        <PostGrid label="Your Dates">
          {items.map((post) => (
            <li key={post.id}>
              <PostCardView post={post} size="full" readOnly onOpen={onOpen} />
            </li>
          ))}
        </PostGrid>
      )}
      {posts.hasNextPage && (
        <Button
          variant="secondary"
          pending={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </>
  );
}
