import { Injectable } from '@nestjs/common';
import {
  messages,
  postMessages,
  type Collection,
  type CollectionList,
  type CollectionListParams,
  type PostCard,
  type PostList,
  type PostListParams,
} from '@datebook/contracts';
import { CollectionItemsRepository, CollectionsRepository, type CardRow } from '@datebook/db';
import { NotFoundError, ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { encodeKeysetCursor, pagePosition } from '../http/keyset-cursor';
import { toPostCard } from '../posts/post-card';
import { parseCollectionId, toCollection } from './collection-view';

/** Reading one's own collections and their posts; every item through the post visibility policy. */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly items: CollectionItemsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async list(viewer: Viewer, params: CollectionListParams): Promise<CollectionList> {
    const rows = await this.collections.listOwn(viewer.sub, params.limit);
    return { items: rows.map((row) => toCollection(row, this.storage)) };
  }

  async get(viewer: Viewer, rawId: string): Promise<Collection> {
    const row = await this.collections.findOwn(viewer.sub, parseCollectionId(rawId));
    if (!row) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    return toCollection(row, this.storage);
  }

  /** The page URL carries the name; the router has already decoded it. */
  async getByName(viewer: Viewer, name: string): Promise<Collection> {
    const row = await this.collections.findOwnByName(viewer.sub, name.trim());
    if (!row) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    return toCollection(row, this.storage);
  }

  async listItems(viewer: Viewer, rawId: string, params: PostListParams): Promise<PostList> {
    const id = parseCollectionId(rawId);
    const after = pagePosition(params.cursor, postMessages.invalidCursor);
    const rows = await this.items.listPage(viewer.sub, id, { after, limit: params.limit });
    if (rows.length === 0 && !after && !(await this.collections.findOwn(viewer.sub, id))) {
      throw new NotFoundError(messages.collections.notFoundDot);
    }
    return this.cardPage(viewer, rows, params.limit);
  }

  /** Saved Posts: the default collection's items, newest save first. */
  async listSaved(viewer: Viewer, params: PostListParams): Promise<PostList> {
    const defaultId = await this.collections.defaultId(viewer.sub);
    if (!defaultId) {
      throw new NotFoundError(messages.collections.defaultNotFound);
    }
    const after = pagePosition(params.cursor, postMessages.invalidCursor);
    const rows = await this.items.listPage(viewer.sub, defaultId, { after, limit: params.limit });
    return this.cardPage(viewer, rows, params.limit);
  }

  /**
   * Cards in the page's order. A post hidden between the two reads is left out; the cursor still
   * follows the page's last item, so the next page starts where this one ended.
   */
  private async cardPage(
    viewer: Viewer,
    rows: Awaited<ReturnType<CollectionItemsRepository['listPage']>>,
    limit: number,
  ): Promise<PostList> {
    const kept = rows.slice(0, limit);
    const activityIds = kept.flatMap((row) => (row.activity_id ? [row.activity_id] : []));
    const dateIds = kept.flatMap((row) => (row.date_id ? [row.date_id] : []));
    const [activities, dates] = await Promise.all([
      this.items.cards(viewer.sub, 'activity', activityIds),
      this.items.cards(viewer.sub, 'date', dateIds),
    ]);
    const byId = (cards: CardRow[]) => new Map(cards.map((card) => [card.id, card]));
    const [activityCards, dateCards] = [byId(activities), byId(dates)];
    const items = kept.flatMap((row): PostCard[] => {
      const card = row.activity_id ? activityCards.get(row.activity_id) : dateCards.get(row.date_id ?? '');
      return card ? [toPostCard(row.activity_id ? 'activity' : 'date', card, this.storage)] : [];
    });
    const last = kept[kept.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last
          ? encodeKeysetCursor({ createdAtMicros: last.added_at_micros, id: last.id })
          : null,
    };
  }
}
