import type { CategoryAppliesTo } from '@datebook/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Reference data, filled by `seedCategories`. */
@Entity({ name: 'categories' })
export class CategoryEntity {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id!: number;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  name!: string;

  /** A single emoji. */
  @Column({ type: 'text' })
  icon!: string;

  @Column({ name: 'applies_to', type: 'text' })
  appliesTo!: CategoryAppliesTo;
}
