import { useState } from 'react';
import { messages, type PostCard, type PostKind } from '@datebook/contracts';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Tabs, type Tab } from '@/ui/layout/tabs/tabs';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';
import { useCardActions } from '../hooks/use-card-actions';
import { PagedPostList } from './paged-post-list';
import { PostDetailDialog } from './post-detail-dialog';
import '../posts.css';

const TABS: readonly Tab<PostKind>[] = [
  { key: 'activity', label: 'Activities' },
  { key: 'date', label: 'Dates' },
];

/**
 * A visible profile's Activities and Dates (spec section 2, Public profile) as card grids. Members
 * like, comment and share from the cards; visitors see them read-only. A card opens the post's popup,
 * except a date its author kept private, which stays shut (spec section 6).
 */
export function ProfilePostsTabs({ username }: { username: string }) {
  const [kind, setKind] = useState<PostKind>('activity');
  const [open, setOpen] = useState<PostCard | null>(null);
  const { readOnly, actions, manualUrl, closeManual } = useCardActions(setOpen);
  return (
    <>
      <Tabs tabs={TABS} selected={kind} onSelect={setKind}>
        <PagedPostList
          key={kind}
          kind={kind}
          username={username}
          empty={<p className="profile-posts__empty">{messages.empty.userPosts}</p>}
        >
          {(posts) => (
            <PostGrid label={kind === 'activity' ? 'Activities' : 'Dates'}>
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCardView
                    post={post}
                    size="full"
                    readOnly={readOnly}
                    actions={actions}
                    onOpen={setOpen}
                    openable={post.visibilityPublic}
                  />
                </li>
              ))}
            </PostGrid>
          )}
        </PagedPostList>
      </Tabs>
      {open && <PostDetailDialog kind={open.kind} id={open.id} onClose={() => setOpen(null)} />}
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={closeManual} />}
    </>
  );
}
