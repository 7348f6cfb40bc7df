import type { PlannedActivityStatus } from '@datebook/contracts';
import { Column, Entity } from 'typeorm';
import {
  BigIdentityPrimaryColumn,
  BigIntColumn,
  CreatedAtColumn,
  TimestampColumn,
  UpdatedAtColumn,
} from './columns';

/**
 * An entry of a plan's timeline. `status` is 'scheduled' exactly when both times are set and
 * endsAt >= beginsAt (both enforced by CHECKs).
 */
@Entity({ name: 'planned_date_activities' })
export class PlannedDateActivityEntity {
  @BigIdentityPrimaryColumn()
  id!: string;

  @BigIntColumn('planned_date_id', { nullable: false })
  plannedDateId!: string;

  /**
   * The linked activity. Required for non-custom entries by the domain rules, not by a CHECK:
   * deleting the activity sets this to null, and the entry then shows as 'Planned activity'.
   */
  @BigIntColumn('activity_id', { nullable: true })
  activityId!: string | null;

  /** Made by the client so it can address a row before the server has answered; unique per plan. */
  @Column({ name: 'client_ref', type: 'uuid' })
  clientRef!: string;

  @TimestampColumn('begins_at', { nullable: true })
  beginsAt!: Date | null;

  @TimestampColumn('ends_at', { nullable: true })
  endsAt!: Date | null;

  @Column({ type: 'text', default: 'unscheduled' })
  status!: PlannedActivityStatus;

  @Column({ name: 'is_custom', type: 'boolean', default: false })
  isCustom!: boolean;

  @Column({ name: 'custom_location', type: 'text', nullable: true })
  customLocation!: string | null;

  @Column({ name: 'custom_details', type: 'text', nullable: true })
  customDetails!: string | null;

  /** Tombstone: a removed entry stays so later ops on it answer GONE. */
  @TimestampColumn('deleted_at', { nullable: true })
  deletedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
