import type { PostCard } from '@datebook/contracts';
import { useCategories } from '@/features/posts';
import { useSignedInUser } from '@/features/session';
import { PostCardView } from '@/ui/post-card/post-card-view';
import type { PostDraft } from '../draft/post-draft';
import { draftMediaItems } from './preview-media';

/**
 * The draft as its card will look in the feeds, redrawn as the member types, crops or reorders:
 * beside the form and the crop on wide screens. It repeats what the form already says, so it is
 * hidden from assistive technology and inert; the Preview step is the one to read.
 */
export function DraftCardPreview({ draft }: { draft: PostDraft }) {
  return (
    <aside className="draft-card-preview" aria-hidden="true" inert>
      <p className="draft-card-preview__label">How your card will look</p>
      {draft.kind === 'activity' ? (
        <ActivityCard draft={draft} />
      ) : (
        <DraftCard draft={draft} category={null} />
      )}
    </aside>
  );
}

function ActivityCard({ draft }: { draft: PostDraft }) {
  const category = useCategories('activity').data?.find((item) => item.id === draft.categoryId);
  return (
    <DraftCard
      draft={draft}
      category={category ? { slug: category.slug, name: category.name, icon: category.icon } : null}
    />
  );
}

function DraftCard({ draft, category }: { draft: PostDraft; category: PostCard['category'] }) {
  const user = useSignedInUser();
  const card: PostCard = {
    id: 'draft',
    kind: draft.kind,
    title: draft.title.trim() || 'Your post',
    description: draft.description,
    author: { id: user.id, username: user.username, displayName: null, avatarUrl: user.avatarUrl },
    media: draftMediaItems(draft.media),
    tags: draft.tags,
    budget: draft.kind === 'activity' && draft.budget !== '' ? draft.budget : null,
    category,
    likeCount: 0,
    commentCount: 0,
    isLiked: false,
    isSaved: false,
    isCustom: false,
    visibilityPublic: draft.kind === 'activity' || !draft.isPrivate,
    dateOf: draft.kind === 'date' && draft.dateOf !== '' ? draft.dateOf : null,
    createdAt: new Date(0).toISOString(),
  };
  return <PostCardView post={card} size="full" readOnly openable={false} />;
}
