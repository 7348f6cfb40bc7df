import type { PostKind, PostMediaVariants } from '@datebook/contracts';
import { POST_TABLES, visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/**
 * The cover of an activity as a plan shows it (`activityCoverSql`: its lowest-positioned ready item),
 * with what a copy of it needs: for a photo its renditions, for a video its poster in `variants`.
 */
export interface ActivityCoverRow {
  activity_id: string;
  id: string;
  media_type: 'photo' | 'video';
  variants: PostMediaVariants;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  thumbhash: string | null;
}

/** A photo copied from another post, as its new row records it before the objects are copied. */
export interface CopiedPostMedia {
  /** A fresh original-style key under the new owner's prefix; its token names the renditions. */
  storageKey: string;
  /** The source's renditions under the new row's keys. */
  variants: PostMediaVariants;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  thumbhash: string | null;
  position: number;
}

/**
 * A completed plan's recap photos: the covers of the plan's activities, and the Date's media rows
 * copied from them (the worker copies the objects, then PostMediaRepository.markCopied settles the row).
 */
export class PostMediaCopiesRepository extends SqlRepository {
  /**
   * The cover of each of `activityIds` that the whole audience of a recap may see (the post
   * visibility rule), one row per activity: every one of `audience.members` may see the activity,
   * and for a public recap (`publicBy`, its publisher) it is the publisher's own or one anyone may
   * see. An activity hidden from any of them, or without a ready item, has none.
   */
  activityCoversFor(
    audience: { members: readonly string[]; publicBy: string | null },
    activityIds: readonly string[],
  ): Promise<ActivityCoverRow[]> {
    if (activityIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<ActivityCoverRow>(
      `SELECT a.id AS activity_id, m.id, m.media_type, m.variants, m.width, m.height, m.placeholder,
              m.thumbhash
         FROM activities a JOIN profiles ap ON ap.id = a.user_id
         CROSS JOIN LATERAL (
           SELECT id, media_type, variants, width, height, placeholder, thumbhash FROM post_media
            WHERE activity_id = a.id AND status = 'ready' ORDER BY position, id LIMIT 1) m
        WHERE a.id = ANY($2::bigint[])
          AND NOT EXISTS (SELECT 1 FROM unnest($1::uuid[]) AS au(id)
                           WHERE NOT ${visiblePostSql('activity', 'a', 'ap', 'au.id')})
          AND ($3::uuid IS NULL OR a.user_id = $3::uuid OR ${visiblePostSql('activity', 'a', 'ap', 'NULL')})`,
      [[...new Set(audience.members)], [...new Set(activityIds)], audience.publicBy],
    );
  }

  /**
   * A post's media row copied from another post's photo: processing (no URL is served) until the
   * worker has copied the objects its variants name; its id.
   */
  async insertCopy(
    userId: string,
    post: { kind: PostKind; id: string },
    copy: CopiedPostMedia,
  ): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO post_media (user_id, ${POST_TABLES[post.kind].fk}, media_type, storage_key, position, status,
              variants, width, height, placeholder, thumbhash)
       VALUES ($1, $2, 'photo', $3, $4, 'processing', $5, $6, $7, $8, $9) RETURNING id`,
      [
        userId,
        post.id,
        copy.storageKey,
        copy.position,
        JSON.stringify(copy.variants),
        copy.width,
        copy.height,
        copy.placeholder,
        copy.thumbhash,
      ],
    );
    if (!row) {
      throw new Error('post_media insert returned no id');
    }
    return row.id;
  }
}
