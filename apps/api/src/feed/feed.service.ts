import { Injectable } from '@nestjs/common';
import { postMessages, type FeedPage, type FeedParams } from '@datebook/contracts';
import { FeedRepository } from '@datebook/db';
import { ObjectStorage, ValidationError } from '@datebook/server';
import { toFeedCard } from './feed-card';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor';
import { decodeForYouCursor, encodeForYouCursor } from './for-you-cursor';
import { ForYouSnapshots } from './for-you-snapshots';

const invalidCursor = () => new ValidationError([{ path: 'cursor', message: postMessages.invalidCursor }]);

/** The home feed's two tabs, a page at a time, each page's cards read in one statement. */
@Injectable()
export class FeedService {
  constructor(
    private readonly feed: FeedRepository,
    private readonly snapshots: ForYouSnapshots,
    private readonly storage: ObjectStorage,
  ) {}

  /** Posts of the people the member follows, newest first, keyset on (created_at, kind, id). */
  async following(viewerId: string, params: FeedParams): Promise<FeedPage> {
    const after = params.cursor === undefined ? undefined : decodeFeedCursor(params.cursor);
    if (after === null) {
      throw invalidCursor();
    }
    const rows = await this.feed.following(viewerId, { after, limit: params.limit });
    const kept = rows.slice(0, params.limit);
    const last = kept[kept.length - 1];
    return {
      items: kept.map((row) => toFeedCard(row, this.storage)),
      nextCursor:
        rows.length > params.limit && last
          ? encodeFeedCursor({ createdAtMicros: last.created_at_micros, kind: last.kind, id: last.id })
          : null,
    };
  }

  /**
   * The first page ranks the candidates and keeps the order as a snapshot; later pages are slices
   * of it. A snapshot that expired (or another member's) is a 400 that asks for a reload.
   */
  async forYou(viewerId: string, params: FeedParams): Promise<FeedPage> {
    let snapshotId: string;
    let offset: number;
    let slice: Awaited<ReturnType<ForYouSnapshots['slice']>>;
    if (params.cursor === undefined) {
      const ranked = await this.feed.forYouRanking(viewerId);
      if (ranked.length === 0) {
        return { items: [], nextCursor: null };
      }
      snapshotId = await this.snapshots.save(viewerId, ranked);
      offset = 0;
      slice = { keys: ranked.slice(0, params.limit), more: ranked.length > params.limit };
    } else {
      const position = decodeForYouCursor(params.cursor);
      slice =
        position &&
        (await this.snapshots.slice(viewerId, position.snapshotId, position.offset, params.limit));
      if (!position || !slice) {
        throw invalidCursor();
      }
      ({ snapshotId, offset } = position);
    }
    const rows = slice.keys.length === 0 ? [] : await this.feed.cards(viewerId, slice.keys);
    return {
      items: rows.map((row) => toFeedCard(row, this.storage)),
      nextCursor: slice.more ? encodeForYouCursor({ snapshotId, offset: offset + params.limit }) : null,
    };
  }
}
