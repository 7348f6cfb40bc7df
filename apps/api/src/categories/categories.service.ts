import { Injectable } from '@nestjs/common';
import type { CategoryAppliesTo, CategoryList } from '@datebook/contracts';
import { CategoriesRepository } from '@datebook/db';

/** The seeded categories; the same for every viewer, so the answer is cacheable. */
@Injectable()
export class CategoriesService {
  constructor(private readonly categories: CategoriesRepository) {}

  /** A post kind may use its own categories and the shared ones; `both` asks for the shared ones only. */
  async list(appliesTo?: CategoryAppliesTo): Promise<CategoryList> {
    const accepted: CategoryAppliesTo[] | null =
      appliesTo === undefined ? null : appliesTo === 'both' ? ['both'] : [appliesTo, 'both'];
    return { items: await this.categories.list(accepted) };
  }
}
