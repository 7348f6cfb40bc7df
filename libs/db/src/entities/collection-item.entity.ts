import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, BigIntColumn, CreatedAtColumn } from './columns';

/** A saved post: exactly one of activityId / dateId is set, each at most once per collection. */
@Entity({ name: 'collection_items' })
export class CollectionItemEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @BigIntColumn('collection_id', { nullable: false })
  collectionId!: string;

  @BigIntColumn('activity_id', { nullable: true })
  activityId!: string | null;

  @BigIntColumn('date_id', { nullable: true })
  dateId!: string | null;

  /** Null once the profile that added it is deleted. */
  @Column({ name: 'added_by', type: 'uuid', nullable: true })
  addedBy!: string | null;

  @CreatedAtColumn('added_at')
  addedAt!: Date;
}
