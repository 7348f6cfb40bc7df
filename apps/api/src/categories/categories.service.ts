import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Category, CategoryAppliesTo, CategoryList } from '@datebook/contracts';

/** The seeded categories; the same for every viewer, so the answer is cacheable. */
@Injectable()
export class CategoriesService {
  constructor(private readonly dataSource: DataSource) {}

  /** A post kind may use its own categories and the shared ones; `both` asks for the shared ones only. */
  async list(appliesTo?: CategoryAppliesTo): Promise<CategoryList> {
    const accepted = appliesTo === undefined ? null : appliesTo === 'both' ? ['both'] : [appliesTo, 'both'];
    const items = await this.dataSource.query<Category[]>(
      `SELECT id, slug, name, icon, applies_to AS "appliesTo" FROM categories
        WHERE $1::text[] IS NULL OR applies_to = ANY($1::text[])
        ORDER BY name, id`,
      [accepted],
    );
    return { items };
  }
}
