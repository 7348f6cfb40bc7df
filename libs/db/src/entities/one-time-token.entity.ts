import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TimestampColumn } from './columns';

export const ONE_TIME_TOKEN_PURPOSES = [
  'confirm_email',
  'recovery',
  'email_change',
  'email_change_undo',
] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** A single-use, short-lived token mailed to the user, stored as a hash. */
@Entity({ name: 'one_time_tokens' })
export class OneTimeTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  purpose!: OneTimeTokenPurpose;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** Only for `email_change`: the address that becomes the user's e-mail once confirmed. */
  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @TimestampColumn('expires_at', { nullable: false })
  expiresAt!: Date;

  @TimestampColumn('used_at', { nullable: true })
  usedAt!: Date | null;
}
