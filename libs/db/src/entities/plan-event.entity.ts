import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from './columns';

/**
 * One applied plan operation: the plan's history and the source of catch-up. Every row is kept.
 * actorId has no foreign key so history survives the actor's account deletion.
 */
@Entity({ name: 'plan_events' })
export class PlanEventEntity {
  @PrimaryColumn({ name: 'plan_id', type: 'bigint' })
  planId!: string;

  @PrimaryColumn({ type: 'bigint' })
  version!: string;

  /** Unique per plan: a replayed op id returns the stored result instead of applying again. */
  @Column({ name: 'op_id', type: 'uuid' })
  opId!: string;

  @Column({ name: 'actor_id', type: 'uuid' })
  actorId!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ type: 'jsonb' })
  op!: unknown;

  /** The acknowledgement returned to the sender. */
  @Column({ type: 'jsonb' })
  result!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  inverse!: unknown;

  @CreatedAtColumn()
  createdAt!: Date;
}
