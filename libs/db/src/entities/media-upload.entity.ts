import type { MediaKind, MediaStatus } from '@datebook/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from './columns';

/** A file a member uploads straight to the object store, and what the worker made of it. */
@Entity({ name: 'media_uploads' })
export class MediaUploadEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  kind!: MediaKind;

  /** `{userId}/{kind}-media/{token}/{filename}`: where the client PUTs the original. */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  /** As declared by the client and signed into the upload URL; the worker checks the bytes. */
  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  /** Bytes, as declared when the upload was requested. */
  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'text', default: 'pending' })
  status!: MediaStatus;

  /** The message shown to the user when processing refused the file. */
  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  /** `MediaVariants` once ready; `{}` before. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  variants!: Record<string, unknown>;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
