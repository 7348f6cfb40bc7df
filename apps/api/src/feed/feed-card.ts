import type { FeedCard } from '@datebook/contracts';
import type { FeedCardRow } from '@datebook/db';
import type { ObjectStorage } from '@datebook/server';
import { toPostCard } from '../posts/post-card';

/** A feed row as the api returns it: the post card plus the spec's 'Following' / '{n} mutual' badge. */
export function toFeedCard(row: FeedCardRow, storage: ObjectStorage): FeedCard {
  const relationship = row.follows_author ? 'following' : row.mutual_count > 0 ? 'mutual' : null;
  return {
    ...toPostCard(row.kind, row, storage),
    relationship,
    mutualCount: row.follows_author ? 0 : row.mutual_count,
  };
}
