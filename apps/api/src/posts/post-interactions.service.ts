import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  postMessages,
  type Comment,
  type CommentList,
  type LikeState,
  type PostKind,
  type PostListParams,
} from '@datebook/contracts';
import { parsePostId } from '@datebook/domain';
import { ForbiddenError, NotFoundError } from '@datebook/server';
import type { Viewer } from '../auth/auth.decorators';
import { POST_TABLES, visiblePostSql } from './post-visibility.sql';
import { keysetPage } from '../http/keyset-cursor';
import { decodePostCursor, PostQueries, type PostAccessRow } from './posts.queries';

interface CommentRow {
  id: string;
  body: string;
  user_id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  created_at: Date;
  created_at_micros: string;
  post_owner_id: string;
}

const COMMENT_COLUMNS = `c.id, c.body, c.user_id, p.username, p.display_name, p.avatar_url, c.created_at,
  (extract(epoch FROM c.created_at) * 1000000)::bigint::text AS created_at_micros`;

const toComment = (row: CommentRow, viewerId: string | null): Comment => ({
  id: row.id,
  body: row.body,
  author: {
    id: row.user_id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
  },
  createdAt: row.created_at.toISOString(),
  canDelete: viewerId !== null && (row.user_id === viewerId || row.post_owner_id === viewerId),
});

/**
 * Likes and comments, only on posts the viewer may see. The counts on the post rows are kept by
 * triggers in the same transaction as the like or comment, so they are read back, never written.
 */
@Injectable()
export class PostInteractionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: PostQueries,
  ) {}

  async like(viewer: Viewer, kind: PostKind, rawId: string): Promise<LikeState> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    const { fk } = POST_TABLES[kind];
    await this.dataSource.query(`INSERT INTO likes (user_id, ${fk}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      viewer.sub,
      post.id,
    ]);
    return this.likeState(viewer, kind, post.id);
  }

  async unlike(viewer: Viewer, kind: PostKind, rawId: string): Promise<LikeState> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    const { fk } = POST_TABLES[kind];
    await this.dataSource.query(`DELETE FROM likes WHERE user_id = $1 AND ${fk} = $2`, [viewer.sub, post.id]);
    return this.likeState(viewer, kind, post.id);
  }

  /** Oldest first, keyset on (created_at, id); removed comments are left out. */
  async comments(
    viewer: Viewer | undefined,
    kind: PostKind,
    rawId: string,
    params: PostListParams,
  ): Promise<CommentList> {
    const viewerId = viewer?.sub ?? null;
    const post = await this.visiblePost(viewerId, kind, rawId);
    const { fk } = POST_TABLES[kind];
    const values: unknown[] = [post.id, params.limit + 1, post.user_id];
    let after = '';
    if (params.cursor !== undefined) {
      const cursor = decodePostCursor(params.cursor);
      values.push(cursor.createdAtMicros, cursor.id);
      after = `AND (c.created_at, c.id)
                 > (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::bigint)`;
    }
    const rows = await this.dataSource.query<CommentRow[]>(
      `SELECT ${COMMENT_COLUMNS}, $3::uuid AS post_owner_id
         FROM comments c JOIN profiles p ON p.id = c.user_id
        WHERE c.${fk} = $1 AND c.deleted_at IS NULL ${after}
        ORDER BY c.created_at, c.id LIMIT $2`,
      values,
    );
    return keysetPage(
      rows,
      params.limit,
      (row) => toComment(row, viewerId),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.id }),
    );
  }

  async comment(viewer: Viewer, kind: PostKind, rawId: string, body: string): Promise<Comment> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    if (!post.allow_comments) {
      throw new ForbiddenError(postMessages.commentsClosed);
    }
    const { fk } = POST_TABLES[kind];
    const [row] = await this.dataSource.query<CommentRow[]>(
      `WITH c AS (INSERT INTO comments (user_id, ${fk}, body) VALUES ($1, $2, $3) RETURNING *)
       SELECT ${COMMENT_COLUMNS}, $4::uuid AS post_owner_id FROM c JOIN profiles p ON p.id = c.user_id`,
      [viewer.sub, post.id, body, post.user_id],
    );
    return toComment(row!, viewer.sub);
  }

  /** Its author or the post's owner may remove it; others get 404 unless they can see it (then 403). */
  async removeComment(viewer: Viewer, rawId: string): Promise<{ deleted: true }> {
    const id = parsePostId(rawId);
    const [row] =
      id === null
        ? []
        : await this.dataSource.query<Array<{ user_id: string; post_owner_id: string; visible: boolean }>>(
            `SELECT c.user_id, COALESCE(a.user_id, d.user_id) AS post_owner_id,
                    COALESCE(${visiblePostSql('activity', 'a', 'ap', '$2')},
                             ${visiblePostSql('date', 'd', 'dp', '$2')}) AS visible
               FROM comments c
               LEFT JOIN activities a ON a.id = c.activity_id LEFT JOIN profiles ap ON ap.id = a.user_id
               LEFT JOIN dates d ON d.id = c.date_id LEFT JOIN profiles dp ON dp.id = d.user_id
              WHERE c.id = $1 AND c.deleted_at IS NULL`,
            [id, viewer.sub],
          );
    if (!row?.visible) {
      throw new NotFoundError(postMessages.commentNotFound);
    }
    if (row.user_id !== viewer.sub && row.post_owner_id !== viewer.sub) {
      throw new ForbiddenError();
    }
    await this.dataSource.query(
      'UPDATE comments SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    return { deleted: true };
  }

  private async visiblePost(viewerId: string | null, kind: PostKind, rawId: string): Promise<PostAccessRow> {
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.queries.access(kind, viewerId, id);
    if (!row?.visible) {
      throw new NotFoundError(postMessages.notFound);
    }
    return row;
  }

  private async likeState(viewer: Viewer, kind: PostKind, id: string): Promise<LikeState> {
    const { table, fk } = POST_TABLES[kind];
    const [row] = await this.dataSource.query<Array<{ liked: boolean; like_count: number }>>(
      `SELECT x.like_count, EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1 AND l.${fk} = x.id) AS liked
         FROM ${table} x WHERE x.id = $2`,
      [viewer.sub, id],
    );
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    return { liked: row.liked, likeCount: row.like_count };
  }
}
