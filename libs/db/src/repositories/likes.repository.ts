import type { PostKind } from '@datebook/contracts';
import { POST_TABLES } from './post-tables';
import { SqlRepository } from './sql-repository';

/**
 * The likes table. The like count on the post row is kept by a trigger in the same transaction, so
 * it is read back, never written.
 */
export class LikesRepository extends SqlRepository {
  /** Liking twice is one like. */
  async like(userId: string, kind: PostKind, postId: string): Promise<void> {
    await this.query(
      `INSERT INTO likes (user_id, ${POST_TABLES[kind].fk}) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, postId],
    );
  }

  async unlike(userId: string, kind: PostKind, postId: string): Promise<void> {
    await this.query(`DELETE FROM likes WHERE user_id = $1 AND ${POST_TABLES[kind].fk} = $2`, [
      userId,
      postId,
    ]);
  }

  /** The post's like count and whether the user is among them; undefined when the post is gone. */
  async findState(
    userId: string,
    kind: PostKind,
    postId: string,
  ): Promise<{ liked: boolean; like_count: number } | undefined> {
    const { table, fk } = POST_TABLES[kind];
    const [row] = await this.query<{ liked: boolean; like_count: number }>(
      `SELECT x.like_count, EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1 AND l.${fk} = x.id) AS liked
         FROM ${table} x WHERE x.id = $2`,
      [userId, postId],
    );
    return row;
  }
}
