import type { PostCard } from '@datebook/contracts';

export type CardSize = 'full' | 'long' | 'slim' | 'compact';

/** What the viewer can do from a card; features supply them, read-only cards get none. */
export interface CardActions {
  onLike?: (post: PostCard) => void;
  onComment?: (post: PostCard) => void;
  onShare?: (post: PostCard) => void;
  onSave?: (post: PostCard) => void;
}
