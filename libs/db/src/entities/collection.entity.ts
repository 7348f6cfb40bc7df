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

  @Column({ name: 'cover_photo', type: 'text', nullable: true })
  coverPhoto!: string | null;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
