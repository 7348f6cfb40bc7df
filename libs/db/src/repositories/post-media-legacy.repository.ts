import type { PostMediaVariants } from '@datebook/contracts';
import { TOKENED_RENDITION_KEY } from './legacy-media-keys';
import { SqlRepository } from './sql-repository';

/** A ready item whose objects are still to be moved to keys with a random token. */
export interface LegacyPostMediaRow {
  id: string;
  user_id: string;
  activity_id: string | null;
  date_id: string | null;
  storage_key: string;
  display_key: string;
  variants: PostMediaVariants;
  upload_id: string | null;
}

/** The one-off move of media written before keys carried a random token (the legacy re-key). */
export class LegacyPostMediaRepository extends SqlRepository {
  /** Ready items whose objects still sit at keys derived from ids, after `afterId`, in id order. */
  findLegacyReady(afterId: string | null, limit: number): Promise<LegacyPostMediaRow[]> {
    return this.query<LegacyPostMediaRow>(
      `SELECT id, user_id, activity_id, date_id, storage_key, display_key, variants, upload_id
         FROM post_media
        WHERE status = 'ready' AND display_key !~ '${TOKENED_RENDITION_KEY}'
          AND ($1::bigint IS NULL OR id > $1)
        ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }

  /**
   * Points a ready item at its moved objects, only while it still names `fromKey`; false when it
   * changed meanwhile (deleted, or moved by another run).
   */
  async moveKeys(
    postMediaId: string,
    fromKey: string,
    moved: { displayKey: string; storageKey: string; variants: PostMediaVariants },
  ): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE post_media SET display_key = $3, storage_key = $4, variants = $5, updated_at = now()
        WHERE id = $1 AND status = 'ready' AND display_key = $2 RETURNING id`,
      [postMediaId, fromKey, moved.displayKey, moved.storageKey, JSON.stringify(moved.variants)],
    );
    return rows.length > 0;
  }
}
