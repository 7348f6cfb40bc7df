import { Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'activity_categories' })
export class ActivityCategoryEntity {
  @PrimaryColumn({ name: 'activity_id', type: 'bigint' })
  activityId!: string;

  @PrimaryColumn({ name: 'category_id', type: 'integer' })
  categoryId!: number;
}
