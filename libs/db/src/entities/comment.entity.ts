import { Column, Entity } from 'typeorm';
import {
  BigIdentityPrimaryColumn,
  BigIntColumn,
  CreatedAtColumn,
  TimestampColumn,
  UpdatedAtColumn,
} from './columns';

/** A comment on one post (exactly one of activityId / dateId); body 1–2000 characters. */
@Entity({ name: 'comments' })
export class CommentEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @BigIntColumn('activity_id', { nullable: true })
  activityId!: string | null;

  @BigIntColumn('date_id', { nullable: true })
  dateId!: string | null;

  @Column({ type: 'text' })
  body!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  /** A soft delete: the row stays (threads keep their shape) and stops counting in comment_count. */
  @TimestampColumn('deleted_at', { nullable: true })
  deletedAt!: Date | null;
}
