import type { AccessType } from '@datebook/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, TextArrayColumn, UpdatedAtColumn } from './columns';

/**
 * The spec's profile. Its camel-case fields ShowLocation, FrequentTags and ShowFrequentTags are
 * the columns show_location, frequent_tags and show_frequent_tags.
 */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  /** Same value as users.id (and deleted with it). */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Case is kept for display; uniqueness is case-insensitive, so look up with `lower(username) = lower($1)`. */
  @Column({ type: 'text' })
  username!: string;

  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName!: string | null;

  /** Object key of the avatar's displayed rendition; the api signs a URL for it. */
  @Column({ name: 'avatar_key', type: 'text', nullable: true })
  avatarKey!: string | null;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @TextArrayColumn('tags')
  tags!: string[];

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate!: boolean;

  /** Followers who are not admins, kept by the follows triggers (migration ExploreIndexes); never written by the app. */
  @Column({ name: 'follower_count', type: 'integer', default: 0, insert: false, update: false })
  followerCount!: number;

  @Column({ name: 'access_type', type: 'text', default: 'standard' })
  accessType!: AccessType;

  @Column({ name: 'show_location', type: 'boolean', default: true })
  showLocation!: boolean;

  @TextArrayColumn('frequent_tags')
  frequentTags!: string[];

  @Column({ name: 'show_frequent_tags', type: 'boolean', default: true })
  showFrequentTags!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
