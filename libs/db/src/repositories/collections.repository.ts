import { COLLECTION_LIMITS, DEFAULT_COLLECTION_NAME } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';
import { visibleItemsSql } from './visible-collection-items';

export { DEFAULT_COLLECTION_NAME };

/** A member's collection as its owner sees it: only the items whose post they may see count. */
export interface CollectionRow {
  id: string;
  name: string;
  is_default: boolean;
  /** Counted up to one past `COLLECTION_LIMITS.countedItems`: more means "more than that". */
  item_count: number;
  /**
   * The chosen cover once processed, else the cover of the newest item the owner may see (a
   * photo's display rendition or a video's poster).
   */
  cover_key: string | null;
  /** A newly chosen cover is still being processed. */
  cover_processing: boolean;
  /** The upload chosen as the cover last, whatever its status. */
  cover_upload_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The cover of post `x` of the item `ci`: its lowest-positioned ready media item (spec section 3,
 * post_media), a photo's display rendition or a video's poster frame.
 */
const itemCoverSql = (fk: 'activity_id' | 'date_id') => `(SELECT CASE WHEN m.media_type = 'photo'
      THEN m.display_key ELSE m.variants #>> '{poster,key}' END
    FROM post_media m WHERE m.${fk} = ci.${fk} AND m.status = 'ready' ORDER BY m.position, m.id LIMIT 1)`;

/**
 * $1 is the owner, who is also the reader: a collection is only ever shown to its owner. The count
 * stops one past the cap, so a collection of 50,000 saves costs a thousand index steps, not 50,000.
 */
const COLLECTION_COLUMNS = `c.id, c.name, c.is_default, c.created_at, c.updated_at, c.cover_upload_id,
  (SELECT count(*)::int FROM (${visibleItemsSql('c.id', '$1')} LIMIT ${COLLECTION_LIMITS.countedItems + 1}) ci)
    AS item_count,
  COALESCE(c.cover_key,
    (SELECT COALESCE(${itemCoverSql('activity_id')}, ${itemCoverSql('date_id')})
       FROM (${visibleItemsSql('c.id', '$1')}) ci ORDER BY ci.added_at DESC, ci.id DESC LIMIT 1)) AS cover_key,
  EXISTS (SELECT 1 FROM media_uploads cu WHERE cu.id = c.cover_upload_id AND cu.status = 'processing')
    AS cover_processing`;

/** Default first, then the most recently updated (spec section 3), over collections_owner_order_idx. */
const COLLECTION_ORDER = 'c.is_default DESC, c.updated_at DESC, c.id DESC';

/**
 * The collections table. Every method takes the owner: a collection is read and changed only by
 * its owner, so another member's id finds nothing, exactly like a missing one.
 */
export class CollectionsRepository extends SqlRepository {
  async createDefault(ownerId: string): Promise<void> {
    await this.query('INSERT INTO collections (owner_id, name, is_default) VALUES ($1, $2, true)', [
      ownerId,
      DEFAULT_COLLECTION_NAME,
    ]);
  }

  listOwn(ownerId: string, limit: number): Promise<CollectionRow[]> {
    return this.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE c.owner_id = $1 ORDER BY ${COLLECTION_ORDER} LIMIT $2`,
      [ownerId, limit],
    );
  }

  async findOwn(ownerId: string, id: string): Promise<CollectionRow | undefined> {
    const [row] = await this.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE c.owner_id = $1 AND c.id = $2`,
      [ownerId, id],
    );
    return row;
  }

  /** Names are unique per owner ignoring case, so the page URL's name finds one collection at most. */
  async findOwnByName(ownerId: string, name: string): Promise<CollectionRow | undefined> {
    const [row] = await this.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE c.owner_id = $1 AND lower(c.name) = lower($2)`,
      [ownerId, name],
    );
    return row;
  }

  /** How many collections the owner has, the default included (collections_owner_order_idx). */
  async countOwn(ownerId: string): Promise<number> {
    const [row] = await this.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM collections WHERE owner_id = $1',
      [ownerId],
    );
    return row!.n;
  }

  /** Refused with 23505 by collections_owner_name_key when the owner has the name in any case. */
  async insert(ownerId: string, name: string): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      'INSERT INTO collections (owner_id, name) VALUES ($1, $2) RETURNING id',
      [ownerId, name],
    );
    return row!.id;
  }

  /** Renames a non-default collection; 23505 when the owner has another of that name. */
  async rename(ownerId: string, id: string, name: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE collections SET name = $3, updated_at = now()
        WHERE owner_id = $1 AND id = $2 AND NOT is_default RETURNING id`,
      [ownerId, id, name],
    );
    return rows.length > 0;
  }

  /**
   * Deletes a non-default collection; its items go by cascade, the posts stay. Gives back the upload
   * its cover came from, which nothing shows any more, or undefined when nothing was deleted.
   */
  async deleteOwn(ownerId: string, id: string): Promise<{ cover_upload_id: string | null } | undefined> {
    const [row] = await this.modifyReturning<{ cover_upload_id: string | null }>(
      'DELETE FROM collections WHERE owner_id = $1 AND id = $2 AND NOT is_default RETURNING cover_upload_id',
      [ownerId, id],
    );
    return row;
  }

  /**
   * The owner's collection, its row locked until the transaction ends, so two cover choices for it
   * apply one after the other and each discards what the other chose.
   */
  async lockOwn(ownerId: string, id: string): Promise<{ cover_upload_id: string | null } | undefined> {
    const [row] = await this.query<{ cover_upload_id: string | null }>(
      'SELECT cover_upload_id FROM collections WHERE owner_id = $1 AND id = $2 FOR UPDATE',
      [ownerId, id],
    );
    return row;
  }

  /** Makes the upload the collection's cover; the previous cover stops showing at once. */
  async chooseCover(ownerId: string, id: string, uploadId: string): Promise<void> {
    await this.query(
      `UPDATE collections SET cover_upload_id = $3, cover_key = NULL, updated_at = now()
        WHERE owner_id = $1 AND id = $2`,
      [ownerId, id, uploadId],
    );
  }

  /**
   * Shows the processed cover on the collection that still has it as its choice; gives back that
   * collection, or undefined when another choice or a delete discarded it.
   */
  async showCover(uploadId: string, key: string): Promise<{ id: string; owner_id: string } | undefined> {
    const [row] = await this.modifyReturning<{ id: string; owner_id: string }>(
      'UPDATE collections SET cover_key = $2 WHERE cover_upload_id = $1 RETURNING id, owner_id',
      [uploadId, key],
    );
    return row;
  }

  async defaultId(ownerId: string): Promise<string | undefined> {
    const [row] = await this.query<{ id: string }>(
      'SELECT id FROM collections WHERE owner_id = $1 AND is_default',
      [ownerId],
    );
    return row?.id;
  }

  /**
   * The owner's default collection id, its row locked until the transaction ends: every change of
   * which collections hold a post takes this lock first, so two such changes of one member run one
   * after the other and neither sees half of the other.
   */
  async lockDefault(ownerId: string): Promise<string | undefined> {
    const [row] = await this.query<{ id: string }>(
      'SELECT id FROM collections WHERE owner_id = $1 AND is_default FOR UPDATE',
      [ownerId],
    );
    return row?.id;
  }

  /** Which of `ids` the owner has, and which of those is the default. */
  ownedAmong(ownerId: string, ids: string[]): Promise<Array<{ id: string; is_default: boolean }>> {
    return this.query<{ id: string; is_default: boolean }>(
      'SELECT id, is_default FROM collections WHERE owner_id = $1 AND id = ANY($2::bigint[])',
      [ownerId, ids],
    );
  }

  /** A change to a collection's items makes it the most recently updated. */
  async touch(ids: string[]): Promise<void> {
    if (ids.length > 0) {
      await this.query('UPDATE collections SET updated_at = now() WHERE id = ANY($1::bigint[])', [ids]);
    }
  }
}
