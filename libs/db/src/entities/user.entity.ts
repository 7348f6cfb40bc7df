import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, TimestampColumn, UpdatedAtColumn } from './columns';

/** Credentials and account state. Public data lives in `profiles`, which shares the id. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Always stored lowercased (CHECK users_email_lowercase); look up with `email = lower($1)`. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @TimestampColumn('email_confirmed_at', { nullable: true })
  emailConfirmedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  @TimestampColumn('deleted_at', { nullable: true })
  deletedAt!: Date | null;
}
