import type { MediaKind, MediaStatus, MediaVariants } from '@datebook/contracts';
import { TOKENED_RENDITION_KEY } from './legacy-media-keys';
import { SqlRepository } from './sql-repository';

/** A row of `media_uploads`: one file a member asked to upload, from its presigned URL to its renditions. */
export interface UploadRow {
  id: string;
  user_id: string;
  kind: MediaKind;
  storage_key: string;
  content_type: string;
  size: number;
  status: MediaStatus;
  failure_reason: string | null;
  /** `{}` until ready; then what the worker made of it (a post's upload also carries its poster). */
  variants: Partial<MediaVariants>;
}

const UPLOAD_COLUMNS = 'id, user_id, kind, storage_key, content_type, size, status, failure_reason, variants';

/** The SQL of `media_uploads`. */
export class MediaUploadsRepository extends SqlRepository {
  async findAvatar(uploadId: string): Promise<UploadRow | undefined> {
    const [upload] = await this.query<UploadRow>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads WHERE id = $1 AND kind = 'avatar'`,
      [uploadId],
    );
    return upload;
  }

  async findCollectionCover(uploadId: string): Promise<UploadRow | undefined> {
    const [upload] = await this.query<UploadRow>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads WHERE id = $1 AND kind = 'collection'`,
      [uploadId],
    );
    return upload;
  }

  /** Deletes the member's upload and gives back where its objects are, or undefined when it was gone. */
  async deleteOwn(
    userId: string,
    uploadId: string,
  ): Promise<Pick<UploadRow, 'storage_key' | 'variants'> | undefined> {
    const [row] = await this.modifyReturning<Pick<UploadRow, 'storage_key' | 'variants'>>(
      'DELETE FROM media_uploads WHERE id = $1 AND user_id = $2 RETURNING storage_key, variants',
      [uploadId, userId],
    );
    return row;
  }

  /** Records the renditions, only while the upload is still processing; false when it no longer was. */
  async markReady(uploadId: string, variants: MediaVariants): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE media_uploads SET status = 'ready', variants = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [uploadId, JSON.stringify(variants)],
    );
    return rows.length > 0;
  }

  /** Records why the file is unusable, only while it is still processing; false when it no longer was. */
  async markFailed(uploadId: string, reason: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE media_uploads SET status = 'failed', failure_reason = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [uploadId, reason],
    );
    return rows.length > 0;
  }

  /** Deletes the member's ready avatars other than `keptId` and gives back what they had made. */
  async deleteOtherReadyAvatars(userId: string, keptId: string): Promise<Array<Partial<MediaVariants>>> {
    const rows = await this.modifyReturning<{ variants: Partial<MediaVariants> }>(
      `DELETE FROM media_uploads WHERE user_id = $1 AND kind = 'avatar' AND status = 'ready' AND id <> $2
        RETURNING variants`,
      [userId, keptId],
    );
    return rows.map((row) => row.variants);
  }

  /**
   * Locks up to `limit` uploads that nothing uses (pending or failed, untouched for `hours`, named by
   * no post media), skipping rows another transaction holds. Only inside a transaction (`in(tx)`).
   */
  lockStale(hours: number, limit: number): Promise<Array<Pick<UploadRow, 'id' | 'storage_key'>>> {
    return this.query(
      `SELECT id, storage_key FROM media_uploads u
        WHERE status IN ('pending', 'failed')
          AND updated_at < now() - make_interval(hours => $1)
          AND NOT EXISTS (SELECT 1 FROM post_media m WHERE m.upload_id = u.id)
        LIMIT $2
        FOR UPDATE SKIP LOCKED`,
      [hours, limit],
    );
  }

  async deleteByIds(uploadIds: string[]): Promise<void> {
    await this.query('DELETE FROM media_uploads WHERE id = ANY($1::uuid[])', [uploadIds]);
  }

  /** A new pending upload under its key (random, so never taken); gives back its id. */
  async insertPending(
    userId: string,
    file: { kind: MediaKind; storageKey: string; contentType: string; size: number },
  ): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO media_uploads (user_id, kind, storage_key, content_type, size)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, file.kind, file.storageKey, file.contentType, file.size],
    );
    return row!.id;
  }

  /** The member's own upload, of `kind` when given. */
  async findOwn(userId: string, uploadId: string, kind?: MediaKind): Promise<UploadRow | undefined> {
    const [upload] = await this.query<UploadRow>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads
        WHERE id = $1 AND user_id = $2 AND ($3::text IS NULL OR kind = $3)`,
      [uploadId, userId, kind ?? null],
    );
    return upload;
  }

  /** Those of the uploads that are the member's own, in no particular order. */
  findOwnMany(userId: string, uploadIds: string[]): Promise<UploadRow[]> {
    return this.query<UploadRow>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads WHERE id = ANY($1::uuid[]) AND user_id = $2`,
      [uploadIds, userId],
    );
  }

  /** Moves the member's pending upload to processing with its stored size; false when it was not pending. */
  async startProcessing(userId: string, uploadId: string, size: number): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE media_uploads SET status = 'processing', size = $3, updated_at = now()
        WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING id`,
      [uploadId, userId, size],
    );
    return rows.length > 0;
  }

  /**
   * Moves the member's uploads a post is about to use to processing with their stored sizes, only
   * those still pending; gives back how many it moved.
   */
  async claimForPost(userId: string, uploads: Array<{ id: string; size: number }>): Promise<number> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE media_uploads u SET status = 'processing', size = s.size, updated_at = now()
         FROM unnest($1::uuid[], $2::int[]) AS s (id, size)
        WHERE u.id = s.id AND u.user_id = $3 AND u.status = 'pending' RETURNING u.id`,
      [uploads.map((upload) => upload.id), uploads.map((upload) => upload.size), userId],
    );
    return rows.length;
  }

  /** Ready avatars whose renditions still sit at keys derived from ids, after `afterId`, in id order. */
  findLegacyAvatars(afterId: string | null, limit: number): Promise<UploadRow[]> {
    return this.query<UploadRow>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads
        WHERE kind = 'avatar' AND status = 'ready' AND variants ->> 'key' !~ '${TOKENED_RENDITION_KEY}'
          AND ($1::uuid IS NULL OR id > $1)
        ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }

  /** Replaces a ready upload's renditions, only while its main one is still `fromKey`; false otherwise. */
  async moveVariants(uploadId: string, fromKey: string, variants: MediaVariants): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE media_uploads SET variants = $3, updated_at = now()
        WHERE id = $1 AND status = 'ready' AND variants ->> 'key' = $2 RETURNING id`,
      [uploadId, fromKey, JSON.stringify(variants)],
    );
    return rows.length > 0;
  }
}
