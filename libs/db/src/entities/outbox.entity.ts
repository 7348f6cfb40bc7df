import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, CreatedAtColumn, TimestampColumn } from './columns';

/**
 * An event written in the same transaction as the change it describes. Inserting rows NOTIFYs
 * OUTBOX_NOTIFY_CHANNEL once per statement (delivered at commit); the worker's relay claims rows
 * with `dispatched_at IS NULL AND available_at <= now() ORDER BY id FOR UPDATE SKIP LOCKED`.
 */
@Entity({ name: 'outbox' })
export class OutboxEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  /** Not before this time: the relay's back-off after a failed dispatch. */
  @Column({ name: 'available_at', type: 'timestamptz', default: () => 'now()' })
  availableAt!: Date;

  @TimestampColumn('dispatched_at', { nullable: true })
  dispatchedAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
