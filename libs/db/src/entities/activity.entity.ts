import type { Budget } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn, TextArrayColumn, UpdatedAtColumn } from './columns';

/** A reusable activity idea. Custom activities (made inside a plan) never appear in feeds. */
@Entity({ name: 'activities' })
export class ActivityEntity {
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

  @Column({ type: 'text', nullable: true })
  budget!: Budget | null;

  /** A category slug (categories.slug); the many-to-many links are in activity_categories. */
  @Column({ type: 'text', nullable: true })
  category!: string | null;

  @TextArrayColumn('tags')
  tags!: string[];

  @TextArrayColumn('equipment')
  equipment!: string[];

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  /** Anywhere, Indoor, Outdoor or Site Specific; only Site Specific keeps a location. */
  @Column({ name: 'location_type', type: 'text', default: 'Anywhere' })
  locationType!: string;

  @Column({ type: 'text', nullable: true })
  mood!: string | null;

  /** The spec's "time required" label, e.g. 'Under 1 hour'. */
  @Column({ type: 'text', nullable: true })
  duration!: string | null;

  /** The client's name for the publish that made it: a resent publish finds this post. */
  @Column({ name: 'publish_request_id', type: 'uuid', nullable: true })
  publishRequestId!: string | null;

  @Column({ name: 'is_custom', type: 'boolean', default: false })
  isCustom!: boolean;

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
