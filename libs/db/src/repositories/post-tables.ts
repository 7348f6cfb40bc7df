import type { PostKind } from '@datebook/contracts';

/** Table and column names of each kind of post. */
export const POST_TABLES: Record<PostKind, { table: string; fk: string }> = {
  activity: { table: 'activities', fk: 'activity_id' },
  date: { table: 'dates', fk: 'date_id' },
};

/**
 * The SQL half of the post visibility policy (canSeePost in libs/domain, spec section 6), for a post
 * aliased `post` joined to its author's profile `author`, and the viewer as a uuid parameter (NULL
 * for a visitor, which matches no owner and no follow row). Every query that returns posts, or
 * anything about them, filters with it.
 */
export function visiblePostSql(kind: PostKind, post: string, author: string, viewer: string): string {
  const postIsPublic = kind === 'date' ? `${post}.visibility_public` : `NOT ${post}.is_custom`;
  return `(${post}.user_id = ${viewer}::uuid OR (${author}.access_type = 'standard' AND ${postIsPublic}
    AND (NOT ${author}.is_private OR EXISTS (SELECT 1 FROM follows vf
      WHERE vf.follower_id = ${viewer}::uuid AND vf.following_id = ${post}.user_id))))`;
}
