import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn, TimestampColumn } from './columns';

/** An early-access request. The e-mail must be stored lowercased (CHECK) and is unique (23505 on repeat). */
@Entity({ name: 'early_access' })
export class EarlyAccessEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  /** Set by the worker once the acknowledgement mail went out, so a retried job does not mail twice. */
  @TimestampColumn('acknowledged_at', { nullable: true })
  acknowledgedAt!: Date | null;
}
