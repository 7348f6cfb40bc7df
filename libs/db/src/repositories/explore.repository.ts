import { afterPositionSql, type KeysetPosition } from './keyset';
import { cardSelectSql, type CardRow } from './post-cards';
import { visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/** A creator as the Explore row shows them; every one is public and not followed by the viewer. */
export interface CreatorRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  /** Followers who are not admins, the same figure a profile page shows. */
  follower_count: number;
}

/**
 * Featured reads this many of the best-scored activities, then keeps those the viewer may see: a
 * bounded read however many of the top posts are hidden from this viewer.
 */
export const FEATURED_CANDIDATES = 200;

/**
 * Friends-of-friends reads at most this many of the member's follows and this many follows of each
 * of them (index-only, in key order: an arbitrary but fixed sample), so a member who follows
 * thousands, or follows people who do, costs no more than 100 × 100 index entries. Only the
 * `ranked` candidates with the most such follows are looked up in profiles: those lookups, one per
 * candidate, are what a large sample costs most.
 */
export const SUGGESTION_SAMPLE = { follows: 100, theirFollows: 100, ranked: 300 } as const;

/**
 * An activity on Explore for viewer $1: what the visibility policy lets them see, never a custom
 * activity, and never their own. Explore is for discovering others, as For You and Search are
 * (spec section 6 hides the searcher's own posts), so all three agree on what a member is shown.
 */
const exploreActivitySql = `NOT x.is_custom AND x.user_id IS DISTINCT FROM $1::uuid
  AND ${visiblePostSql('activity', 'x', 'p', '$1')}`;

/** A creator anyone may be shown: public, and not an admin. The predicate of profiles_popular_idx. */
const listedCreatorSql = `p.access_type = 'standard' AND NOT p.is_private`;
const POPULAR_ORDER = 'p.follower_count DESC, p.created_at DESC, p.id';
const CREATOR_COLUMNS = 'p.id, p.username, p.display_name, p.avatar_key, p.follower_count';

/** The Explore page's reads: featured activities, creators to follow, the activities grid. */
export class ExploreRepository extends SqlRepository {
  /**
   * The best-scored activities the viewer ($1, NULL for a visitor) may see, by the worker's For You
   * score (engagement with a time decay), followed, while fewer than `limit` qualify, by the newest
   * visible activities not already shown: a fresh install has no scores yet. One statement.
   */
  featured(viewerId: string | null, limit: number): Promise<CardRow[]> {
    return this.query<CardRow>(
      `WITH scored AS (
          SELECT s.post_id, s.score FROM post_scores s
           WHERE s.kind = 'activity' AND s.author_id IS DISTINCT FROM $1::uuid
           ORDER BY s.score DESC, s.post_id DESC LIMIT ${FEATURED_CANDIDATES}),
        ranked AS (
          SELECT x.id, row_number() OVER (ORDER BY sc.score DESC, x.id DESC) AS ord
            FROM scored sc JOIN activities x ON x.id = sc.post_id JOIN profiles p ON p.id = x.user_id
           WHERE ${exploreActivitySql}
           ORDER BY sc.score DESC, x.id DESC LIMIT $2),
        newest AS (
          SELECT x.id, $2::int + row_number() OVER (ORDER BY x.created_at DESC, x.id DESC) AS ord
            FROM activities x JOIN profiles p ON p.id = x.user_id
           WHERE ${exploreActivitySql} AND NOT EXISTS (SELECT 1 FROM ranked r WHERE r.id = x.id)
           ORDER BY x.created_at DESC, x.id DESC LIMIT $2),
        page AS (SELECT id, ord FROM (SELECT * FROM ranked UNION ALL SELECT * FROM newest) u ORDER BY ord LIMIT $2)
      ${cardSelectSql('activity', 'page.ord')}
        JOIN page ON page.id = x.id
       ORDER BY page.ord`,
      [viewerId, limit],
    );
  }

  /**
   * Every activity the viewer may see, newest first by (created_at, id), after `after`: a walk of
   * activities_feed_idx that stops at `limit` rows, whatever the depth.
   */
  activities(viewerId: string | null, page: { after?: KeysetPosition; limit: number }): Promise<CardRow[]> {
    const values: unknown[] = [viewerId, page.limit];
    const after = afterPositionSql('x', 'desc', page.after, values);
    return this.query<CardRow>(
      `${cardSelectSql('activity')}
       WHERE ${exploreActivitySql} ${after}
       ORDER BY x.created_at DESC, x.id DESC LIMIT $2`,
      values,
    );
  }

  /** The most followed public, non-admin creators (ties: the newest profile first). */
  popularCreators(limit: number): Promise<CreatorRow[]> {
    return this.query<CreatorRow>(
      `SELECT ${CREATOR_COLUMNS} FROM profiles p WHERE ${listedCreatorSql} ORDER BY ${POPULAR_ORDER} LIMIT $1`,
      [limit],
    );
  }

  /**
   * Creators for member $1 to follow: never themselves, nobody they follow, no admin and no private
   * profile. Ranked by how many of the people they follow follow the creator (from a bounded sample,
   * see SUGGESTION_SAMPLE), then by follower count; the most followed creators fill the rest, so a
   * member who follows nobody still gets suggestions. One statement.
   */
  suggestedCreators(viewerId: string, limit: number): Promise<CreatorRow[]> {
    const notFollowed = `p.id <> $1::uuid
      AND NOT EXISTS (SELECT 1 FROM follows mf WHERE mf.follower_id = $1::uuid AND mf.following_id = p.id)`;
    return this.query<CreatorRow>(
      `WITH my_follows AS (
          SELECT following_id FROM follows WHERE follower_id = $1::uuid
           ORDER BY following_id LIMIT ${SUGGESTION_SAMPLE.follows}),
        friends_of_friends AS (
          SELECT t.following_id AS id, count(*) AS mutuals
            FROM my_follows m CROSS JOIN LATERAL (
              SELECT f.following_id FROM follows f WHERE f.follower_id = m.following_id
               ORDER BY f.following_id LIMIT ${SUGGESTION_SAMPLE.theirFollows}) t
           GROUP BY t.following_id
           ORDER BY count(*) DESC, t.following_id LIMIT ${SUGGESTION_SAMPLE.ranked}),
        popular AS (
          SELECT p.id, 0::bigint AS mutuals FROM profiles p
           WHERE ${listedCreatorSql} AND ${notFollowed}
           ORDER BY ${POPULAR_ORDER} LIMIT $2),
        candidates AS (
          SELECT id, max(mutuals) AS mutuals
            FROM (SELECT * FROM friends_of_friends UNION ALL SELECT * FROM popular) u GROUP BY id)
      SELECT ${CREATOR_COLUMNS} FROM candidates c JOIN profiles p ON p.id = c.id
       WHERE ${listedCreatorSql} AND ${notFollowed}
       ORDER BY c.mutuals DESC, ${POPULAR_ORDER} LIMIT $2`,
      [viewerId, limit],
    );
  }
}
