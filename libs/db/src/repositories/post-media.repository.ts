import type { MediaStatus, PostKind, PostMediaVariants } from '@datebook/contracts';
import { POST_TABLES } from './post-tables';
import { SqlRepository } from './sql-repository';

/** A row of `post_media` as the worker processes it, with its upload's own key. */
export interface PostMediaRow {
  id: string;
  user_id: string;
  activity_id: string | null;
  date_id: string | null;
  media_type: 'photo' | 'video';
  storage_key: string;
  status: MediaStatus;
  upload_id: string | null;
  /** The upload's own key: the original, even once a ready video's storage_key names its copy. */
  upload_key: string | null;
}

/** What processing made of a photo or video, as its row keeps it. */
export interface ProcessedPostMedia {
  variants: PostMediaVariants;
  width: number;
  height: number;
  durationMs: number | null;
  /** The ThumbHash (base64) of the photo, or of a video's poster frame. */
  thumbhash: string;
  /** A video's processed copy; a photo's original key (already deleted by then). */
  storageKey: string;
}

/**
 * The SQL of `post_media` rows through their processing (inserted processing, then ready or failed,
 * a copy settled too) and of the key lists a post keeps of its ready media.
 */
export class PostMediaRepository extends SqlRepository {
  async findWithUploadKey(postMediaId: string): Promise<PostMediaRow | undefined> {
    const [media] = await this.query<PostMediaRow>(
      `SELECT m.id, m.user_id, m.activity_id, m.date_id, m.media_type, m.storage_key, m.status,
              m.upload_id, u.storage_key AS upload_key
         FROM post_media m LEFT JOIN media_uploads u ON u.id = m.upload_id
        WHERE m.id = $1`,
      [postMediaId],
    );
    return media;
  }

  async exists(postMediaId: string): Promise<boolean> {
    const rows = await this.query<unknown>('SELECT 1 FROM post_media WHERE id = $1', [postMediaId]);
    return rows.length > 0;
  }

  /** Records the processed media, only while it is still processing; false when it no longer was. */
  async markReady(postMediaId: string, processed: ProcessedPostMedia): Promise<boolean> {
    const { variants } = processed;
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE post_media SET status = 'ready', display_key = $2, variants = $3, width = $4, height = $5,
              duration_ms = $6, placeholder = $7, storage_key = $8, thumbhash = $9, failure_reason = NULL,
              updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [
        postMediaId,
        variants.key,
        JSON.stringify(variants),
        processed.width,
        processed.height,
        processed.durationMs,
        variants.placeholder,
        processed.storageKey,
        processed.thumbhash,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Ready items without a ThumbHash after `afterId`, in id order, each with the smallest image it
   * has stored: a photo's narrowest rendition, a video's poster frame.
   */
  findMissingThumbHash(
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; image_key: string | null }>> {
    return this.query(
      `SELECT id, COALESCE(variants #>> '{poster,key}',
                (SELECT i ->> 'key' FROM jsonb_array_elements(variants -> 'images') i
                  ORDER BY (i ->> 'width')::int LIMIT 1)) AS image_key
         FROM post_media
        WHERE status = 'ready' AND thumbhash IS NULL AND ($1::bigint IS NULL OR id > $1)
        ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }

  /** Records a backfilled ThumbHash, only while the item is ready and still has none. */
  async setThumbHash(postMediaId: string, thumbhash: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE post_media SET thumbhash = $2
        WHERE id = $1 AND status = 'ready' AND thumbhash IS NULL RETURNING id`,
      [postMediaId, thumbhash],
    );
    return rows.length > 0;
  }

  /** Records why the file is unusable, only while it is still processing; false when it no longer was. */
  async markFailed(postMediaId: string, reason: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE post_media SET status = 'failed', failure_reason = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [postMediaId, reason],
    );
    return rows.length > 0;
  }

  /** Sets the post's image_keys and video_keys to its ready media, in order. */
  async refreshPostKeys(kind: PostKind, postId: string): Promise<void> {
    const { table, fk } = POST_TABLES[kind];
    const ready = (type: PostMediaRow['media_type']) =>
      `ARRAY(SELECT display_key FROM post_media WHERE ${fk} = $1 AND media_type = '${type}' AND status = 'ready'
              ORDER BY position, id)`;
    await this.query(
      `UPDATE ${table} SET image_keys = ${ready('photo')}, video_keys = ${ready('video')} WHERE id = $1`,
      [postId],
    );
  }

  /**
   * A new post's media rows, processing, at positions 0..n-1 in the order given (0 is the cover);
   * gives back their ids in that order.
   */
  async insertProcessing(
    userId: string,
    post: { kind: PostKind; id: string },
    items: Array<{ mediaType: 'photo' | 'video'; storageKey: string; uploadId: string }>,
  ): Promise<string[]> {
    const rows = await this.query<{ id: string }>(
      `INSERT INTO post_media (user_id, ${POST_TABLES[post.kind].fk}, media_type, storage_key, position, status, upload_id)
       SELECT $1, $2, m.media_type, m.storage_key, m.ord - 1, 'processing', m.upload_id
         FROM unnest($3::text[], $4::text[], $5::uuid[])
              WITH ORDINALITY AS m (media_type, storage_key, upload_id, ord)
       ORDER BY m.ord RETURNING id`,
      [
        userId,
        post.id,
        items.map((item) => item.mediaType),
        items.map((item) => item.storageKey),
        items.map((item) => item.uploadId),
      ],
    );
    return rows.map((row) => row.id);
  }

  /**
   * A copied photo whose objects are in place: shown from its variants' key, only while it is still
   * processing; its display key, or null when it no longer was (settled by another run, or gone with
   * its post).
   */
  async markCopied(postMediaId: string): Promise<string | null> {
    const rows = await this.modifyReturning<{ display_key: string }>(
      `UPDATE post_media SET status = 'ready', display_key = variants ->> 'key', failure_reason = NULL,
              updated_at = now()
        WHERE id = $1 AND status = 'processing' AND upload_id IS NULL AND variants ->> 'key' IS NOT NULL
        RETURNING display_key`,
      [postMediaId],
    );
    return rows[0]?.display_key ?? null;
  }

  /**
   * Every object a post's media rows name (the stored file and each rendition or poster), and their
   * uploads, locked until the caller's transaction deletes them. Only inside a transaction (`in(tx)`).
   */
  lockStoredKeysOfPost(post: {
    kind: PostKind;
    id: string;
  }): Promise<Array<{ storage_key: string; variant_keys: string[]; upload_id: string | null }>> {
    return this.query(
      `SELECT storage_key, upload_id, ARRAY(
          SELECT k FROM (SELECT jsonb_array_elements(variants -> 'images') ->> 'key' AS k
                         UNION ALL SELECT variants #>> '{poster,key}') keys WHERE k IS NOT NULL
        ) AS variant_keys
         FROM post_media WHERE ${POST_TABLES[post.kind].fk} = $1 FOR UPDATE`,
      [post.id],
    );
  }
}
