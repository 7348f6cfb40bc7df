import type { PostKind } from '@datebook/contracts';
import { planMemberSql } from './plan-members-sql';

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
 *
 * A date a plan published (its recap, planned_dates.published_date_id) is also visible to that
 * plan's owner and collaborators, whatever its privacy and its author's (issue 13): private recaps
 * are for the people who planned the date. That branch comes last, so a public date of a public or
 * followed author never reaches it; otherwise it is one probe of planned_dates_published_date_idx
 * (which holds only completed plans' rows) and one of plan_collaborators' key. Admins' posts stay
 * hidden.
 */
export function visiblePostSql(kind: PostKind, post: string, author: string, viewer: string): string {
  const followsAuthor = `EXISTS (SELECT 1 FROM follows vf
      WHERE vf.follower_id = ${viewer}::uuid AND vf.following_id = ${post}.user_id)`;
  if (kind === 'activity') {
    return `(${post}.user_id = ${viewer}::uuid OR (${author}.access_type = 'standard' AND NOT ${post}.is_custom
    AND (NOT ${author}.is_private OR ${followsAuthor})))`;
  }
  return `(${post}.user_id = ${viewer}::uuid OR (${author}.access_type = 'standard'
    AND ((${post}.visibility_public AND (NOT ${author}.is_private OR ${followsAuthor}))
      OR EXISTS (SELECT 1 FROM planned_dates rpd WHERE rpd.published_date_id = ${post}.id
        AND ${planMemberSql('rpd', viewer)}))))`;
}
