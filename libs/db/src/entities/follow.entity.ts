import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn } from './columns';

/** followerId follows followingId; the pair is unique and nobody follows themself. */
@Entity({ name: 'follows' })
export class FollowEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'follower_id', type: 'uuid' })
  followerId!: string;

  @Column({ name: 'following_id', type: 'uuid' })
  followingId!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
