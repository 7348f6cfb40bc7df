import type { PostKind } from '@datebook/contracts';
import { DECAY_SECONDS } from './feed-scores.repository';
import { cardSelectSql, type CardRow } from './post-cards';
import { POST_TABLES, visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/** A post's place in the merged feed stream: newest first, then kind, then id. */
export interface FeedPosition {
  createdAtMicros: string;
  kind: PostKind;
  id: string;
}

/** A card of either kind with the viewer's tie to its author. */
export interface FeedCardRow extends CardRow {
  kind: PostKind;
  follows_author: boolean;
  /** People the viewer follows who follow the author. */
  mutual_count: number;
}

/** A post named by kind and id, in the order a page shows it. */
export interface FeedKey {
  kind: PostKind;
  id: string;
}

const KINDS: readonly PostKind[] = ['activity', 'date'];

/**
 * How many posts For You ranks for one member: the best globally, and the newest from follows with
 * at most `perFollowedAuthor` from any one of them (a prolific poster cannot fill the fresh set, and
 * a cap below an author's post count lets the planner stop early in their index). The social lift
 * reads at most `socialPerFollow` of each follow's own follows, in `follows_pair_key` order (an
 * index-only range, no heap reads), so one follow who follows everybody costs a bounded range, not
 * a scan of their whole list.
 */
export const FOR_YOU_CANDIDATES = {
  top: 500,
  fromFollows: 100,
  perFollowedAuthor: 20,
  socialPerFollow: 1000,
} as const;
/**
 * The member's lifts, in the global score's unit (one day of recency): following the author, each
 * e-fold of follows who follow the author, each e-fold of the member's likes and saves in the
 * post's category.
 */
export const FOR_YOU_LIFTS = { followsAuthor: 2, social: 1, taste: 0.5 } as const;

/** The viewer ($1) follows the author, and how many of the viewer's follows follow the author. */
const RELATIONSHIP_COLUMNS = `
  EXISTS (SELECT 1 FROM follows rf WHERE rf.follower_id = $1::uuid AND rf.following_id = x.user_id) AS follows_author,
  (SELECT count(*)::int FROM follows mf
     JOIN follows mt ON mt.follower_id = mf.following_id AND mt.following_id = x.user_id
    WHERE mf.follower_id = $1::uuid) AS mutual_count`;

/**
 * The cards of a page whose keys a CTE `page (kind, id, ord)` names, in `ord` order, as viewer $1
 * sees them: one statement for both kinds, whatever the page size. Visibility is checked again
 * here, so a key that went private or was deleted since it was chosen simply drops out.
 */
function pageCardsSql(pageCte: string): string {
  const perKind = KINDS.map(
    (kind) => `${cardSelectSql(kind, `'${kind}'::text AS kind, page.ord, ${RELATIONSHIP_COLUMNS}`)}
      JOIN page ON page.kind = '${kind}' AND page.id = x.id
      WHERE x.user_id <> $1::uuid AND ${visiblePostSql(kind, 'x', 'p', '$1')}`,
  );
  return `WITH page AS (${pageCte})
    SELECT * FROM (${perKind.map((sql) => `(${sql})`).join(' UNION ALL ')}) cards ORDER BY ord`;
}

/**
 * The home feed's reads. Both tabs show others' posts only, through the visibility policy (so never
 * a custom activity, a non-public date or an admin's post), with the viewer's relationship to each
 * author computed in the same statement: a page is one query.
 */
export class FeedRepository extends SqlRepository {
  /**
   * Posts of the people the viewer follows, newest first by (created_at, kind, id). Each followed
   * author contributes at most a page of rows through their (user_id, created_at, id) index, so a
   * page costs (follows × page size) index rows at most, however deep it is.
   */
  following(viewerId: string, page: { after?: FeedPosition; limit: number }): Promise<FeedCardRow[]> {
    const values: unknown[] = [viewerId, page.limit + 1];
    let after = '';
    if (page.after) {
      values.push(page.after.createdAtMicros, page.after.kind, page.after.id);
      after = `AND x.created_at <= timestamptz 'epoch' + $3::bigint * interval '1 microsecond'
        AND (x.created_at, '{kind}'::text, x.id)
          < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::text, $5::bigint)`;
    }
    // The author checks stay outside the per-author subquery: with the whole visibility predicate
    // inside, the planner expected a few rows per author and read and sorted all their posts
    // (0.4–1.7 s a page at a million posts). For an author the viewer follows (never the viewer:
    // follows_not_self), visibility is exactly "not an admin" and "a public post"; the cards
    // statement applies the full policy again on the live rows.
    const perKind = KINDS.map((kind) => {
      const { table } = POST_TABLES[kind];
      const isPublic = kind === 'activity' ? 'NOT x.is_custom' : 'x.visibility_public';
      return `SELECT '${kind}'::text AS kind, newest.id, newest.created_at
          FROM follows f JOIN profiles p ON p.id = f.following_id AND p.access_type = 'standard'
          CROSS JOIN LATERAL (
            SELECT x.id, x.created_at FROM ${table} x
             WHERE x.user_id = f.following_id AND ${isPublic}
               ${after.replace('{kind}', kind)}
             ORDER BY x.created_at DESC, x.id DESC LIMIT $2) newest
         WHERE f.follower_id = $1::uuid`;
    });
    const pageCte = `SELECT kind, id, row_number() OVER (ORDER BY created_at DESC, kind DESC, id DESC) AS ord
      FROM (${perKind.join(' UNION ALL ')}) merged
      ORDER BY created_at DESC, kind DESC, id DESC LIMIT $2`;
    return this.query<FeedCardRow>(pageCardsSql(pageCte), values);
  }

  /**
   * The For You order for viewer $1: a bounded candidate set (the top of `post_scores`, plus the
   * newest posts of the people the viewer follows, scored or not yet) ranked by the global score
   * plus the viewer's lifts. Others' visible posts only.
   */
  async forYouRanking(viewerId: string): Promise<FeedKey[]> {
    const fresh = KINDS.map((kind) => {
      const { table } = POST_TABLES[kind];
      const eligible = kind === 'activity' ? 'NOT x.is_custom' : 'x.visibility_public';
      return `SELECT '${kind}'::text AS kind, n.id AS post_id, f.following_id AS author_id, n.category, n.created_at
          FROM my_follows f CROSS JOIN LATERAL (
            SELECT x.id, x.category, x.created_at FROM ${table} x
             WHERE x.user_id = f.following_id AND ${eligible}
             ORDER BY x.created_at DESC, x.id DESC LIMIT ${FOR_YOU_CANDIDATES.perFollowedAuthor}) n`;
    });
    const tastes = KINDS.flatMap((kind) => {
      const { table, fk } = POST_TABLES[kind];
      return [
        `SELECT x.category FROM likes l JOIN ${table} x ON x.id = l.${fk} WHERE l.user_id = $1::uuid`,
        `SELECT x.category FROM collections co JOIN collection_items ci ON ci.collection_id = co.id
           JOIN ${table} x ON x.id = ci.${fk} WHERE co.owner_id = $1::uuid`,
      ];
    });
    const visible = KINDS.map(
      (kind) => `WHEN '${kind}' THEN EXISTS (SELECT 1 FROM ${POST_TABLES[kind].table} x
        JOIN profiles p ON p.id = x.user_id WHERE x.id = c.post_id AND ${visiblePostSql(kind, 'x', 'p', '$1')})`,
    );
    const rows = await this.query<FeedKey>(
      `WITH my_follows AS (SELECT following_id FROM follows WHERE follower_id = $1::uuid),
        tastes AS (SELECT category, count(*) AS n FROM (${tastes.join(' UNION ALL ')}) t
                    WHERE category IS NOT NULL GROUP BY category),
        top AS (SELECT kind, post_id, author_id, category, score FROM post_scores
                 WHERE author_id <> $1::uuid ORDER BY score DESC LIMIT ${FOR_YOU_CANDIDATES.top}),
        fresh AS (SELECT n.kind, n.post_id, n.author_id, n.category,
                         COALESCE(s.score, extract(epoch FROM n.created_at) / ${DECAY_SECONDS}) AS score
                    FROM (${fresh.join(' UNION ALL ')} ORDER BY created_at DESC LIMIT ${FOR_YOU_CANDIDATES.fromFollows}) n
                    LEFT JOIN post_scores s ON s.kind = n.kind AND s.post_id = n.post_id),
        candidates AS (SELECT DISTINCT ON (kind, post_id) * FROM (SELECT * FROM top UNION ALL SELECT * FROM fresh) u),
        -- Who the member's follows follow, counted once per person: a read of each follow's list
        -- costs far less than probing every (follow, candidate author) pair (30,000 probes a page).
        social AS (SELECT ff.following_id AS author_id, count(*) AS n
                     FROM my_follows m CROSS JOIN LATERAL (
                       SELECT following_id FROM follows WHERE follower_id = m.following_id
                        ORDER BY following_id LIMIT ${FOR_YOU_CANDIDATES.socialPerFollow}) ff
                    GROUP BY ff.following_id)
      SELECT c.kind, c.post_id::text AS id FROM candidates c
        LEFT JOIN my_follows mf ON mf.following_id = c.author_id
        LEFT JOIN social so ON so.author_id = c.author_id
        LEFT JOIN tastes t ON t.category = c.category
       WHERE CASE c.kind ${visible.join(' ')} END
       ORDER BY c.score
         + CASE WHEN mf.following_id IS NULL THEN 0 ELSE ${FOR_YOU_LIFTS.followsAuthor} END
         + ${FOR_YOU_LIFTS.social} * ln(1 + COALESCE(so.n, 0))
         + ${FOR_YOU_LIFTS.taste} * ln(1 + COALESCE(t.n, 0)) DESC, c.kind DESC, c.post_id DESC`,
      [viewerId],
    );
    return rows;
  }

  /** The cards of the given posts in the given order, as the viewer may see them now. */
  cards(viewerId: string, keys: readonly FeedKey[]): Promise<FeedCardRow[]> {
    return this.query<FeedCardRow>(
      pageCardsSql(
        `SELECT k.kind, k.id, k.ord FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS k (kind, id, ord)`,
      ),
      [viewerId, keys.map((key) => key.kind), keys.map((key) => key.id)],
    );
  }
}
