import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TimestampColumn, UpdatedAtColumn } from './columns';

export const MFA_FACTOR_STATUSES = ['unverified', 'verified'] as const;
export type MfaFactorStatus = (typeof MFA_FACTOR_STATUSES)[number];

@Entity({ name: 'mfa_factors' })
export class MfaFactorEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'friendly_name', type: 'text', nullable: true })
  friendlyName!: string | null;

  @Column({ name: 'factor_type', type: 'text', default: 'totp' })
  factorType!: 'totp';

  /** The TOTP secret, encrypted by the api before it is stored; never the plain secret. */
  @Column({ type: 'text' })
  secret!: string;

  @Column({ type: 'text', default: 'unverified' })
  status!: MfaFactorStatus;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  @TimestampColumn('last_challenged_at', { nullable: true })
  lastChallengedAt!: Date | null;
}
