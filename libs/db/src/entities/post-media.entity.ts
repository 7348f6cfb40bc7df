import type { MediaStatus, MediaType } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, BigIntColumn, CreatedAtColumn, UpdatedAtColumn } from './columns';

/** One photo or video of a post: exactly one of activityId / dateId is set. */
@Entity({ name: 'post_media' })
export class PostMediaEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @BigIntColumn('activity_id', { nullable: true })
  activityId!: string | null;

  @BigIntColumn('date_id', { nullable: true })
  dateId!: string | null;

  @Column({ name: 'media_type', type: 'text' })
  mediaType!: MediaType;

  /** Object key of what is shown (a photo's main rendition, the video's copy) once ready. */
  @Column({ name: 'display_key', type: 'text', nullable: true })
  displayKey!: string | null;

  /** Object key of the upload, `{userId}/{kind}-media/{token}/{filename}`; unique. */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  /** The upload it was published from; null once that row is gone. */
  @Column({ name: 'upload_id', type: 'uuid', nullable: true })
  uploadId!: string | null;

  /** 0 is the cover. */
  @Column({ type: 'integer', default: 0 })
  position!: number;

  @Column({ type: 'text', default: 'pending' })
  status!: MediaStatus;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  @Column({ type: 'integer', nullable: true })
  width!: number | null;

  @Column({ type: 'integer', nullable: true })
  height!: number | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  /** A tiny inline preview (data URL) shown while the real image loads. */
  @Column({ type: 'text', nullable: true })
  placeholder!: string | null;

  /** Responsive renditions and the video poster, keyed by the worker's variant name. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  variants!: Record<string, unknown>;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
