import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TimestampColumn } from './columns';

export type AuthenticatorAssuranceLevel = 'aal1' | 'aal2';

/**
 * One rotating refresh token, stored as a hash. Rotation links parent → child within a family, so
 * presenting an already-rotated token can revoke the whole family.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @TimestampColumn('expires_at', { nullable: false })
  expiresAt!: Date;

  @TimestampColumn('revoked_at', { nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'replaced_by', type: 'uuid', nullable: true })
  replacedBy!: string | null;

  /** The successor, sealed with a key only the holder of this token can derive. */
  @Column({ name: 'successor_sealed', type: 'text', nullable: true })
  successorSealed!: string | null;

  @Column({ type: 'text', default: 'aal1' })
  aal!: AuthenticatorAssuranceLevel;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;
}
