import { Entity, PrimaryColumn } from 'typeorm';

/** The activities a date links ("connected activities"). */
@Entity({ name: 'dates_activities' })
export class DateActivityEntity {
  @PrimaryColumn({ name: 'date_id', type: 'bigint' })
  dateId!: string;

  @PrimaryColumn({ name: 'activity_id', type: 'bigint' })
  activityId!: string;
}
