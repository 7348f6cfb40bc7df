import type { FeedCard } from '@datebook/contracts';
import type { Relationship } from '@/ui/post-card/relationship-badge';

/** The card's badge (spec section 3, Feed card): 'Following', '{n} mutual', or none. */
export function relationshipOf(card: Pick<FeedCard, 'relationship' | 'mutualCount'>): Relationship | null {
  if (card.relationship === 'following') {
    return { kind: 'following' };
  }
  if (card.relationship === 'mutual' && card.mutualCount > 0) {
    return { kind: 'mutual', count: card.mutualCount };
  }
  return null;
}
