import type { Category, CategoryAppliesTo, PostKind } from '@datebook/contracts';
import { SqlRepository } from './sql-repository';

/** The seeded categories, and which of them a kind of post may use. */
export class CategoriesRepository extends SqlRepository {
  /** Sorted by name; `appliesTo` null lists them all. */
  list(appliesTo: CategoryAppliesTo[] | null): Promise<Category[]> {
    return this.query<Category>(
      `SELECT id, slug, name, icon, applies_to AS "appliesTo" FROM categories
        WHERE $1::text[] IS NULL OR applies_to = ANY($1::text[])
        ORDER BY name, id`,
      [appliesTo],
    );
  }

  /** The category, when a post of this kind may use it: its own kind's or a shared one. */
  async findUsableBy(kind: PostKind, categoryId: number): Promise<{ id: number; slug: string } | undefined> {
    const [row] = await this.query<{ id: number; slug: string }>(
      `SELECT id, slug FROM categories WHERE id = $1 AND applies_to IN ($2, 'both')`,
      [categoryId, kind],
    );
    return row;
  }
}
