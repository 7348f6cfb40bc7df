import { Injectable } from '@nestjs/common';
import {
  postMessages,
  type Comment,
  type CommentList,
  type LikeState,
  type PostKind,
  type PostListParams,
} from '@datebook/contracts';
import {
  CommentsRepository,
  LikesRepository,
  PostsRepository,
  type CommentRow,
  type PostAccessRow,
} from '@datebook/db';
import { parsePostId } from '@datebook/domain';
import { ForbiddenError, NotFoundError, ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { keysetPage, pagePosition } from '../http/keyset-cursor';

const toComment = (row: CommentRow, viewerId: string | null, storage: ObjectStorage): Comment => ({
  id: row.id,
  body: row.body,
  author: {
    id: row.user_id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: storage.readUrl(row.avatar_key),
  },
  createdAt: row.created_at.toISOString(),
  canDelete: viewerId !== null && (row.user_id === viewerId || row.post_owner_id === viewerId),
});

/** Likes and comments, only on posts the viewer may see. */
@Injectable()
export class PostInteractionsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly likes: LikesRepository,
    private readonly comments: CommentsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async like(viewer: Viewer, kind: PostKind, rawId: string): Promise<LikeState> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    await this.likes.like(viewer.sub, kind, post.id);
    return this.likeState(viewer, kind, post.id);
  }

  async unlike(viewer: Viewer, kind: PostKind, rawId: string): Promise<LikeState> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    await this.likes.unlike(viewer.sub, kind, post.id);
    return this.likeState(viewer, kind, post.id);
  }

  /** Oldest first; removed comments, and admins' to anyone but their author, are left out. */
  async listComments(
    viewer: Viewer | undefined,
    kind: PostKind,
    rawId: string,
    params: PostListParams,
  ): Promise<CommentList> {
    const viewerId = viewer?.sub ?? null;
    const post = await this.visiblePost(viewerId, kind, rawId);
    const after = pagePosition(params.cursor, postMessages.invalidCursor);
    const rows = await this.comments.listPage(
      viewerId,
      kind,
      { id: post.id, ownerId: post.user_id },
      { after, limit: params.limit },
    );
    return keysetPage(
      rows,
      params.limit,
      (row) => toComment(row, viewerId, this.storage),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.id }),
    );
  }

  /** With a `clientId` already used by this member, the comment it stored is answered again. */
  async comment(
    viewer: Viewer,
    kind: PostKind,
    rawId: string,
    body: string,
    clientId?: string,
  ): Promise<Comment> {
    const post = await this.visiblePost(viewer.sub, kind, rawId);
    if (!post.allow_comments) {
      throw new ForbiddenError(postMessages.commentsClosed);
    }
    const row = await this.comments.insert(
      viewer.sub,
      kind,
      { id: post.id, ownerId: post.user_id },
      body,
      clientId ?? null,
    );
    return toComment(row, viewer.sub, this.storage);
  }

  /** Its author or the post's owner may remove it; others get 404 unless they can see it (then 403). */
  async removeComment(viewer: Viewer, rawId: string): Promise<{ deleted: true }> {
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.comments.findAccess(viewer.sub, id);
    if (id === null || !row?.visible) {
      throw new NotFoundError(postMessages.commentNotFound);
    }
    if (row.user_id !== viewer.sub && row.post_owner_id !== viewer.sub) {
      throw new ForbiddenError();
    }
    await this.comments.markRemoved(id);
    return { deleted: true };
  }

  private async visiblePost(viewerId: string | null, kind: PostKind, rawId: string): Promise<PostAccessRow> {
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.posts.findAccess(kind, viewerId, id);
    if (!row?.visible) {
      throw new NotFoundError(postMessages.notFound);
    }
    return row;
  }

  private async likeState(viewer: Viewer, kind: PostKind, id: string): Promise<LikeState> {
    const row = await this.likes.findState(viewer.sub, kind, id);
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    return { liked: row.liked, likeCount: row.like_count };
  }
}
