import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn, UpdatedAtColumn } from './columns';

/** At most one default collection per owner; names unique per owner, case-insensitively. */
@Entity({ name: 'collections' })
export class CollectionEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** The chosen cover's display rendition, once the worker has made it. */
  @Column({ name: 'cover_key', type: 'text', nullable: true })
  coverKey!: string | null;

  /** The upload chosen as the cover last, whatever its status. */
  @Column({ name: 'cover_upload_id', type: 'uuid', nullable: true })
  coverUploadId!: string | null;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
