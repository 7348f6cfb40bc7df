import type { PlanStatus } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import { BigIdentityPrimaryColumn, BigIntColumn, CreatedAtColumn, UpdatedAtColumn } from './columns';

/** A plan being co-edited; `version` orders its plan_events. */
@Entity({ name: 'planned_dates' })
export class PlannedDateEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text', default: '' })
  title!: string;

  @Column({ type: 'text', default: 'draft' })
  status!: PlanStatus;

  /** A calendar day, 'YYYY-MM-DD'. */
  @Column({ type: 'date', nullable: true })
  date!: string | null;

  @Column({ type: 'boolean', default: false })
  locked!: boolean;

  /** The version of the last applied operation (0 = none); a bigint, so a string. */
  @Column({ type: 'bigint', default: 0 })
  version!: string;

  /** The date post published when the plan was completed; null if never published or deleted since. */
  @BigIntColumn('published_date_id', { nullable: true })
  publishedDateId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
