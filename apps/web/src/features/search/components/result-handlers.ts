import type { PostCard } from '@datebook/contracts';
import type { CardActions } from '@/ui/post-card/post-card-types';

/** What the results hand back to the page, and what the viewer may do from them. */
export interface ResultHandlers {
  actions: CardActions;
  /** Visitors' cards: no save, like, comment or share (spec section 6). */
  readOnly: boolean;
  /** Visitors cannot follow (spec section 6). */
  canFollow: boolean;
  openPost: (post: PostCard) => void;
  openAuthor: (username: string) => void;
}
