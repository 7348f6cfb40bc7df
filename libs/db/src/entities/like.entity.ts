import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, BigIntColumn, CreatedAtColumn } from './columns';

/** One like of one post (exactly one of activityId / dateId) by one user, at most once. */
@Entity({ name: 'likes' })
export class LikeEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @BigIntColumn('activity_id', { nullable: true })
  activityId!: string | null;

  @BigIntColumn('date_id', { nullable: true })
  dateId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
