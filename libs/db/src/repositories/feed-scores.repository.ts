import type { PostKind } from '@datebook/contracts';
import { POST_TABLES } from './post-tables';
import { SqlRepository } from './sql-repository';

/** Engagement weights: a save says more than a comment, a comment more than a like. */
export const ENGAGEMENT_WEIGHTS = { like: 1, comment: 2, save: 3 } as const;
/** One unit of score per day of recency: a post a day older needs e (≈ 2.7) times the engagement. */
export const DECAY_SECONDS = 86_400;
/**
 * The periodic refresh rescores posts this recent: older ones keep their last score, whose recency
 * term has long fallen below anything newer.
 */
export const RESCORE_WINDOW_DAYS = 30;

const KINDS: readonly PostKind[] = ['activity', 'date'];

/** Posts the feeds may ever show (the author-dependent rules are checked live as a page is read). */
const ELIGIBLE: Record<PostKind, string> = { activity: 'NOT x.is_custom', date: 'x.visibility_public' };

/**
 * The global score of post `x`: ln(1 + likes + 2·comments + 3·saves) + created_at / 1 day. The
 * decay is relative (a newer post gains, an older one never loses), so a score changes only when
 * its engagement does and the order of unchanged rows never shifts with the clock.
 */
function scoreSql(kind: PostKind): string {
  const { fk } = POST_TABLES[kind];
  return `ln(1 + ${ENGAGEMENT_WEIGHTS.like} * x.like_count + ${ENGAGEMENT_WEIGHTS.comment} * x.comment_count
      + ${ENGAGEMENT_WEIGHTS.save} * (SELECT count(*) FROM collection_items ci WHERE ci.${fk} = x.id))
    + extract(epoch FROM x.created_at) / ${DECAY_SECONDS}`;
}

function upsertSql(kind: PostKind, where: string): string {
  return `INSERT INTO post_scores (kind, post_id, author_id, category, score, scored_at)
    SELECT '${kind}', x.id, x.user_id, x.category, ${scoreSql(kind)}, now()
      FROM ${POST_TABLES[kind].table} x WHERE ${ELIGIBLE[kind]} AND ${where}
    ON CONFLICT (kind, post_id) DO UPDATE
      SET score = excluded.score, category = excluded.category, scored_at = excluded.scored_at
      WHERE post_scores.score IS DISTINCT FROM excluded.score
         OR post_scores.category IS DISTINCT FROM excluded.category`;
}

/** The For You ranking's global scores, which the worker keeps. */
export class FeedScoresRepository extends SqlRepository {
  /** Scores one post as it is now, or drops its score when it is gone or no longer eligible. */
  async scorePost(kind: PostKind, postId: string): Promise<void> {
    await this.query(upsertSql(kind, 'x.id = $1'), [postId]);
    await this.query(
      `DELETE FROM post_scores s WHERE s.kind = $2 AND s.post_id = $1
         AND NOT EXISTS (SELECT 1 FROM ${POST_TABLES[kind].table} x WHERE x.id = $1 AND ${ELIGIBLE[kind]})`,
      [postId, kind],
    );
  }

  /**
   * The periodic refresh: rescores the recent posts (likes, comments and saves raise no events) and
   * drops the scores of posts that are gone or no longer eligible.
   */
  async rescoreRecent(): Promise<void> {
    for (const kind of KINDS) {
      await this.query(upsertSql(kind, `x.created_at > now() - interval '${RESCORE_WINDOW_DAYS} days'`));
      await this.query(
        `DELETE FROM post_scores s WHERE s.kind = '${kind}' AND NOT EXISTS
           (SELECT 1 FROM ${POST_TABLES[kind].table} x WHERE x.id = s.post_id AND ${ELIGIBLE[kind]})`,
      );
    }
  }
}
