import { Injectable } from '@nestjs/common';
import {
  messages,
  POST_KINDS,
  postMessages,
  type PostCollections,
  type PostKind,
  type SaveState,
  type ChangePostCollections,
} from '@datebook/contracts';
import { CollectionItemsRepository, CollectionsRepository, PostsRepository } from '@datebook/db';
import { parsePostId } from '@datebook/domain';
import { NotFoundError } from '@datebook/server';
import { DataSource } from 'typeorm';
import type { Viewer } from '../auth/viewer';

interface PostRef {
  kind: PostKind;
  id: string;
}

/**
 * Saving posts: the one-tap toggle into the default collection, and the changes the
 * add-to-collection dialog makes. Every change of which collections hold a post locks the
 * member's default collection first, so concurrent changes apply one after the other, whole.
 */
@Injectable()
export class SavesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly collections: CollectionsRepository,
    private readonly items: CollectionItemsRepository,
  ) {}

  /** Saving again changes nothing: the item is unique per collection. */
  async save(viewer: Viewer, rawKind: string, rawId: string): Promise<SaveState> {
    const post = await this.visiblePost(viewer, rawKind, rawId);
    await this.dataSource.transaction(async (tx) => {
      const defaultId = await this.lockDefault(viewer, tx);
      const added = await this.items.in(tx).add(viewer.sub, post.kind, post.id, [defaultId]);
      await this.collections.in(tx).touch(added);
    });
    return { saved: true };
  }

  /** Only takes the member's own item out, so any post id may be named; again changes nothing. */
  async unsave(viewer: Viewer, rawKind: string, rawId: string): Promise<SaveState> {
    const post = this.postRef(rawKind, rawId);
    await this.dataSource.transaction(async (tx) => {
      const defaultId = await this.lockDefault(viewer, tx);
      if (await this.items.in(tx).removeFromDefault(viewer.sub, post.kind, post.id)) {
        await this.collections.in(tx).touch([defaultId]);
      }
    });
    return { saved: false };
  }

  async postCollections(viewer: Viewer, rawKind: string, rawId: string): Promise<PostCollections> {
    const post = await this.visiblePost(viewer, rawKind, rawId);
    return this.holding(viewer, post);
  }

  /**
   * Adds the post to `add` and takes it out of `remove`, in one transaction; collections named in
   * neither keep what they hold, so a change made from a partial list loses nothing. While any
   * non-default collection holds the post, the default does too (spec section 4: choosing another
   * collection chooses the default). One unknown or foreign id changes nothing and answers like a
   * missing collection.
   */
  async changePostCollections(
    viewer: Viewer,
    rawKind: string,
    rawId: string,
    input: ChangePostCollections,
  ): Promise<PostCollections> {
    const post = await this.visiblePost(viewer, rawKind, rawId);
    return this.dataSource.transaction(async (tx) => {
      const defaultId = await this.lockDefault(viewer, tx);
      const named = [...input.add, ...input.remove];
      const owned = await this.collections.in(tx).ownedAmong(viewer.sub, named);
      if (owned.length !== named.length) {
        throw new NotFoundError(messages.collections.notFoundDot);
      }
      const items = this.items.in(tx);
      const removed = await items.removeFrom(viewer.sub, post.kind, post.id, input.remove);
      const added = await items.add(viewer.sub, post.kind, post.id, input.add);
      let holding = await items.holding(viewer.sub, post.kind, post.id);
      if (holding.length > 0 && !holding.some((row) => row.is_default)) {
        added.push(...(await items.add(viewer.sub, post.kind, post.id, [defaultId])));
        holding = await items.holding(viewer.sub, post.kind, post.id);
      }
      await this.collections.in(tx).touch([...removed, ...added]);
      return {
        collectionIds: holding.map((row) => row.id),
        saved: holding.some((row) => row.is_default),
      };
    });
  }

  private async holding(viewer: Viewer, post: PostRef): Promise<PostCollections> {
    const rows = await this.items.holding(viewer.sub, post.kind, post.id);
    return { collectionIds: rows.map((row) => row.id), saved: rows.some((row) => row.is_default) };
  }

  private async lockDefault(viewer: Viewer, tx: Parameters<CollectionsRepository['in']>[0]): Promise<string> {
    const defaultId = await this.collections.in(tx).lockDefault(viewer.sub);
    if (!defaultId) {
      throw new NotFoundError(messages.collections.defaultNotFound);
    }
    return defaultId;
  }

  /** A post the member may not see answers exactly like one that does not exist. */
  private async visiblePost(viewer: Viewer, rawKind: string, rawId: string): Promise<PostRef> {
    const post = this.postRef(rawKind, rawId);
    const access = await this.posts.findAccess(post.kind, viewer.sub, post.id);
    if (!access?.visible) {
      throw new NotFoundError(postMessages.notFound);
    }
    return post;
  }

  private postRef(rawKind: string, rawId: string): PostRef {
    const kind = POST_KINDS.find((candidate) => candidate === rawKind);
    const id = parsePostId(rawId);
    if (!kind || id === null) {
      throw new NotFoundError(postMessages.notFound);
    }
    return { kind, id };
  }
}
