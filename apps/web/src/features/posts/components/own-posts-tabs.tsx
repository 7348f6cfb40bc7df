import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, webRoutes, type PostCard, type PostKind } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';
import { Tabs, type Tab } from '@/ui/layout/tabs/tabs';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import { PagedPostList } from './paged-post-list';
import { PostDetailDialog } from './post-detail-dialog';
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
  const user = useSignedInUser();
  const [kind, setKind] = useState<PostKind>('activity');
  const [open, setOpen] = useState<PostCard | null>(null);
  const empty = (
    <div className="own-posts__empty">
      <p>{kind === 'activity' ? messages.empty.activities : messages.empty.dates}</p>
      <Link to={`${webRoutes.create}?kind=${kind}`}>
        {kind === 'activity' ? 'Create an activity' : 'Create a date'}
      </Link>
    </div>
  );
  return (
    <>
      <Tabs tabs={TABS} selected={kind} onSelect={setKind}>
        <PagedPostList key={kind} kind={kind} username={user.username} empty={empty}>
          {(posts) =>
            kind === 'activity' ? (
              <ul className="own-posts__list" aria-label="Your Activities">
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCardView post={post} size="compact" readOnly onOpen={setOpen} />
                  </li>
                ))}
              </ul>
            ) : (
              <PostGrid label="Your Dates">
                {posts.map((post) => (
                  <li key={post.id}>
                    <PostCardView post={post} size="full" readOnly onOpen={setOpen} />
                  </li>
                ))}
              </PostGrid>
            )
          }
        </PagedPostList>
      </Tabs>
      {open && <PostDetailDialog kind={open.kind} id={open.id} onClose={() => setOpen(null)} />}
    </>
  );
}
