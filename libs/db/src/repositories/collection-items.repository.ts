import type { PostKind } from '@datebook/contracts';
import type { KeysetPosition } from './keyset';
import { cardSelectSql, type CardRow } from './post-cards';
import { POST_TABLES, visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';
import { visibleItemsSql } from './visible-collection-items';

/** One item of a page of a collection: which post, and where the page stands. */
export interface CollectionItemRow {
  id: string;
  activity_id: string | null;
  date_id: string | null;
  added_at_micros: string;
}

/** The conflict target of one post's item, matching its partial unique index. */
const ITEM_KEY: Record<PostKind, string> = {
  activity: '(collection_id, activity_id) WHERE activity_id IS NOT NULL',
  date: '(collection_id, date_id) WHERE date_id IS NOT NULL',
};

/**
 * The items of collections: saves into the default one, the exact set a post is in, and the pages
 * of a collection. Every method takes the owner, so nobody reads or fills another's collection.
 */
export class CollectionItemsRepository extends SqlRepository {
  /** Adds the post to these collections of the owner; one already there stays as it is. */
  async add(ownerId: string, kind: PostKind, postId: string, collectionIds: string[]): Promise<string[]> {
    if (collectionIds.length === 0) {
      return [];
    }
    const { fk } = POST_TABLES[kind];
    const rows = await this.query<{ collection_id: string }>(
      `INSERT INTO collection_items (collection_id, ${fk}, added_by)
       SELECT c.id, $3, $1 FROM collections c WHERE c.owner_id = $1 AND c.id = ANY($2::bigint[])
       ON CONFLICT ${ITEM_KEY[kind]} DO NOTHING RETURNING collection_id`,
      [ownerId, collectionIds, postId],
    );
    return rows.map((row) => row.collection_id);
  }

  /** Takes the post out of the owner's default collection; false when it was not there. */
  async removeFromDefault(ownerId: string, kind: PostKind, postId: string): Promise<boolean> {
    const { fk } = POST_TABLES[kind];
    const rows = await this.modifyReturning<{ id: string }>(
      `DELETE FROM collection_items ci USING collections c
        WHERE c.id = ci.collection_id AND c.owner_id = $1 AND c.is_default AND ci.${fk} = $2
        RETURNING ci.id`,
      [ownerId, postId],
    );
    return rows.length > 0;
  }

  /** Takes the post out of these collections of the owner; gives back those that held it. */
  async removeFrom(
    ownerId: string,
    kind: PostKind,
    postId: string,
    collectionIds: string[],
  ): Promise<string[]> {
    if (collectionIds.length === 0) {
      return [];
    }
    const { fk } = POST_TABLES[kind];
    const rows = await this.modifyReturning<{ collection_id: string }>(
      `DELETE FROM collection_items ci USING collections c
        WHERE c.id = ci.collection_id AND c.owner_id = $1 AND ci.${fk} = $2
          AND ci.collection_id = ANY($3::bigint[])
        RETURNING ci.collection_id`,
      [ownerId, postId, collectionIds],
    );
    return rows.map((row) => row.collection_id);
  }

  /** The owner's collections that hold the post, default first, and whether the default is one. */
  holding(
    ownerId: string,
    kind: PostKind,
    postId: string,
  ): Promise<Array<{ id: string; is_default: boolean }>> {
    const { fk } = POST_TABLES[kind];
    return this.query<{ id: string; is_default: boolean }>(
      `SELECT c.id, c.is_default FROM collection_items ci JOIN collections c ON c.id = ci.collection_id
        WHERE c.owner_id = $1 AND ci.${fk} = $2 ORDER BY c.is_default DESC, c.updated_at DESC, c.id DESC`,
      [ownerId, postId],
    );
  }

  /**
   * A page of the items the owner may see, newest save first, keyset on (added_at, id) over
   * collection_items_collection_added_idx. One row more than asked tells whether another page exists.
   */
  listPage(
    ownerId: string,
    collectionId: string,
    page: { after?: KeysetPosition; limit: number },
  ): Promise<CollectionItemRow[]> {
    const values: unknown[] = [ownerId, collectionId, page.limit + 1];
    let after = '';
    if (page.after) {
      values.push(page.after.createdAtMicros, page.after.id);
      after = `AND (ci.added_at, ci.id) < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::bigint)`;
    }
    return this.query<CollectionItemRow>(
      `SELECT ci.id, ci.activity_id, ci.date_id,
              (extract(epoch FROM ci.added_at) * 1000000)::bigint::text AS added_at_micros
         FROM (${visibleItemsSql('$2', '$1')}) ci
        WHERE EXISTS (SELECT 1 FROM collections c WHERE c.id = $2 AND c.owner_id = $1) ${after}
        ORDER BY ci.added_at DESC, ci.id DESC LIMIT $3`,
      values,
    );
  }

  /**
   * The cards of a page's posts, in no particular order; checked again, as a post may have turned
   * private since the page was read.
   */
  cards(viewerId: string, kind: PostKind, postIds: string[]): Promise<CardRow[]> {
    if (postIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<CardRow>(
      `${cardSelectSql(kind)} WHERE x.id = ANY($2::bigint[]) AND ${visiblePostSql(kind, 'x', 'p', '$1')}`,
      [viewerId, postIds],
    );
  }
}
