import type { Budget } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn, TextArrayColumn, UpdatedAtColumn } from './columns';

/** A dated post ("Date" in the spec), optionally linking activities through dates_activities. */
@Entity({ name: 'dates' })
export class DateEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  /** The author's profile id. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 80 })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @TextArrayColumn('image_keys')
  imageKeys!: string[];

  @TextArrayColumn('video_keys')
  videoKeys!: string[];

  /** A calendar day: TypeORM returns `date` columns as 'YYYY-MM-DD' strings. */
  @Column({ name: 'date_of', type: 'date', nullable: true })
  dateOf!: string | null;

  @Column({ type: 'text', nullable: true })
  budget!: Budget | null;

  /** A category slug; the `date_categories` view resolves it. */
  @Column({ type: 'text', nullable: true })
  category!: string | null;

  @TextArrayColumn('tags')
  tags!: string[];

  @Column({ name: 'visibility_public', type: 'boolean', default: true })
  visibilityPublic!: boolean;

  @Column({ name: 'allow_comments', type: 'boolean', default: true })
  allowComments!: boolean;

  /** The client's name for the publish that made it: a resent publish finds this post. */
  @Column({ name: 'publish_request_id', type: 'uuid', nullable: true })
  publishRequestId!: string | null;

  /** Maintained by triggers on `likes`; never written by application code. */
  @Column({ name: 'like_count', type: 'integer', default: 0 })
  likeCount!: number;

  /** Maintained by triggers on `comments`; never written by application code. */
  @Column({ name: 'comment_count', type: 'integer', default: 0 })
  commentCount!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
