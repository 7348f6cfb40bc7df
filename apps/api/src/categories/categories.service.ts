import { Injectable } from '@nestjs/common';
import type { CategoryAppliesTo, CategoryList } from '@datebook/contracts';
import { CategoriesRepository } from '@datebook/db';

/**
 * How long a list is answered from memory. Categories are seeded by migrations, so they change
 * only with a deploy; the TTL bounds how stale a process can be if one is edited by hand.
 */
export const CATEGORIES_TTL_MS = 60_000;

/** The seeded categories; the same for every viewer, so the answer is cached in the process. */
@Injectable()
export class CategoriesService {
  readonly #cache = new Map<string, { expiresAt: number; list: Promise<CategoryList> }>();

  constructor(private readonly categories: CategoriesRepository) {}

  /** A post kind may use its own categories and the shared ones; `both` asks for the shared ones only. */
  list(appliesTo?: CategoryAppliesTo): Promise<CategoryList> {
    const now = Date.now();
    const key = appliesTo ?? 'all';
    const cached = this.#cache.get(key);
    if (cached && cached.expiresAt > now) {
      return cached.list;
    }
    const entry = { expiresAt: now + CATEGORIES_TTL_MS, list: this.load(appliesTo) };
    this.#cache.set(key, entry);
    // A failed read is not remembered: the next request asks the database again.
    entry.list.catch(() => {
      if (this.#cache.get(key) === entry) {
        this.#cache.delete(key);
      }
    });
    return entry.list;
  }

  private async load(appliesTo?: CategoryAppliesTo): Promise<CategoryList> {
    const accepted: CategoryAppliesTo[] | null =
      appliesTo === undefined ? null : appliesTo === 'both' ? ['both'] : [appliesTo, 'both'];
    return { items: await this.categories.list(accepted) };
  }
}
