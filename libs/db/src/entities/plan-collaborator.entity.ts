import { Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from './columns';

@Entity({ name: 'plan_collaborators' })
export class PlanCollaboratorEntity {
  @PrimaryColumn({ name: 'planned_date_id', type: 'bigint' })
  plannedDateId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
