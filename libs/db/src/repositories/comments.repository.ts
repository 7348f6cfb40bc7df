import type { PostKind } from '@datebook/contracts';
import { afterPositionSql, createdAtMicrosSql, type KeysetPosition } from './keyset';
import { POST_TABLES, visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/** A comment with its author, and the owner of its post (who may remove it too). */
export interface CommentRow {
  id: string;
  body: string;
  user_id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  created_at: Date;
  created_at_micros: string;
  post_owner_id: string;
}

/** Who may remove a comment, and whether the remover may see its post at all. */
export interface CommentAccessRow {
  user_id: string;
  post_owner_id: string;
  visible: boolean;
}

const COMMENT_COLUMNS = `c.id, c.body, c.user_id, p.username, p.display_name, p.avatar_key, c.created_at,
  ${createdAtMicrosSql('c')} AS created_at_micros`;

/**
 * An admin's comment is shown to nobody but its author (spec section 6: admins are hidden); the
 * post row's comment_count leaves admins out too. `author` is the profile alias, `viewer` a uuid
 * expression.
 */
const shownToSql = (author: string, viewer: string) =>
  `(${author}.access_type <> 'admin' OR ${author}.id = ${viewer})`;

/**
 * The comments table; a removed comment keeps its row (deleted_at) and is left out of everything.
 * The comment count on the post row is kept by a trigger in the same transaction, over comments by
 * members who are not admins.
 */
export class CommentsRepository extends SqlRepository {
  /**
   * Oldest first, keyset on (created_at, id). One row more than asked tells whether another page
   * exists without a count.
   */
  listPage(
    viewerId: string | null,
    kind: PostKind,
    post: { id: string; ownerId: string },
    page: { after?: KeysetPosition; limit: number },
  ): Promise<CommentRow[]> {
    const values: unknown[] = [post.id, page.limit + 1, post.ownerId, viewerId];
    const after = afterPositionSql('c', 'asc', page.after, values);
    return this.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS}, $3::uuid AS post_owner_id
         FROM comments c JOIN profiles p ON p.id = c.user_id
        WHERE c.${POST_TABLES[kind].fk} = $1 AND c.deleted_at IS NULL AND ${shownToSql('p', '$4::uuid')} ${after}
        ORDER BY c.created_at, c.id LIMIT $2`,
      values,
    );
  }

  /**
   * Stores a comment once per (author, client id): a resend with a client id already stored inserts
   * nothing (the count trigger does not fire) and answers the stored comment.
   */
  async insert(
    authorId: string,
    kind: PostKind,
    post: { id: string; ownerId: string },
    body: string,
    clientId: string | null,
  ): Promise<CommentRow> {
    const [inserted] = await this.query<CommentRow>(
      `WITH c AS (
         INSERT INTO comments (user_id, ${POST_TABLES[kind].fk}, body, client_id) VALUES ($1, $2, $3, $5)
         ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
         RETURNING *)
       SELECT ${COMMENT_COLUMNS}, $4::uuid AS post_owner_id FROM c JOIN profiles p ON p.id = c.user_id`,
      [authorId, post.id, body, post.ownerId, clientId],
    );
    if (inserted) {
      return inserted;
    }
    // A new statement sees the earlier attempt even when it committed while this one ran.
    const [stored] = await this.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS}, $3::uuid AS post_owner_id
         FROM comments c JOIN profiles p ON p.id = c.user_id
        WHERE c.user_id = $1 AND c.client_id = $2`,
      [authorId, clientId, post.ownerId],
    );
    return stored!;
  }

  /**
   * A comment that is not removed and that the viewer may be shown (an admin's only to its author),
   * with whether the viewer may see the post it is on.
   */
  async findAccess(viewerId: string, id: string): Promise<CommentAccessRow | undefined> {
    const [row] = await this.query<CommentAccessRow>(
      `SELECT c.user_id, COALESCE(a.user_id, d.user_id) AS post_owner_id,
              COALESCE(${visiblePostSql('activity', 'a', 'ap', '$2')},
                       ${visiblePostSql('date', 'd', 'dp', '$2')}) AS visible
         FROM comments c JOIN profiles cp ON cp.id = c.user_id
         LEFT JOIN activities a ON a.id = c.activity_id LEFT JOIN profiles ap ON ap.id = a.user_id
         LEFT JOIN dates d ON d.id = c.date_id LEFT JOIN profiles dp ON dp.id = d.user_id
        WHERE c.id = $1 AND c.deleted_at IS NULL AND ${shownToSql('cp', '$2::uuid')}`,
      [id, viewerId],
    );
    return row;
  }

  async markRemoved(id: string): Promise<void> {
    await this.query(
      'UPDATE comments SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
  }
}
