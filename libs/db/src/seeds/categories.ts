import type { CategoryAppliesTo } from '@datebook/contracts';
import type { EntityManager } from 'typeorm';

export interface CategorySeed {
  slug: string;
  name: string;
  /** A single emoji. */
  icon: string;
  appliesTo: CategoryAppliesTo;
}

export const CATEGORY_SEED: readonly CategorySeed[] = [
  { slug: 'outdoors', name: 'Outdoors', icon: '🌲', appliesTo: 'both' },
  { slug: 'food-drink', name: 'Food & Drink', icon: '🍷', appliesTo: 'both' },
  { slug: 'arts-culture', name: 'Arts & Culture', icon: '🎨', appliesTo: 'both' },
  { slug: 'music', name: 'Music', icon: '🎵', appliesTo: 'both' },
  { slug: 'sports', name: 'Sports', icon: '⚽', appliesTo: 'both' },
  { slug: 'games', name: 'Games', icon: '🎲', appliesTo: 'activity' },
  { slug: 'wellness', name: 'Wellness', icon: '🧘', appliesTo: 'both' },
  { slug: 'learning', name: 'Learning', icon: '📚', appliesTo: 'activity' },
  { slug: 'nightlife', name: 'Nightlife', icon: '🌙', appliesTo: 'both' },
  { slug: 'travel', name: 'Travel', icon: '✈️', appliesTo: 'both' },
  { slug: 'at-home', name: 'At Home', icon: '🏠', appliesTo: 'activity' },
  { slug: 'anniversary', name: 'Anniversary', icon: '💍', appliesTo: 'date' },
];

/**
 * Inserts the categories, or brings name/icon/applies_to of an existing slug back to the seed.
 * Idempotent: the WHERE clause skips rows that already match, so a second run writes nothing.
 * Categories not in the seed are left alone (posts may reference them). Takes a DataSource, an
 * EntityManager or a QueryRunner.
 */
export async function seedCategories(db: Pick<EntityManager, 'query'>): Promise<void> {
  await db.query(
    `INSERT INTO categories (slug, name, icon, applies_to)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (slug) DO UPDATE
       SET name = EXCLUDED.name, icon = EXCLUDED.icon, applies_to = EXCLUDED.applies_to
       WHERE (categories.name, categories.icon, categories.applies_to)
         IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.icon, EXCLUDED.applies_to)`,
    [
      CATEGORY_SEED.map((c) => c.slug),
      CATEGORY_SEED.map((c) => c.name),
      CATEGORY_SEED.map((c) => c.icon),
      CATEGORY_SEED.map((c) => c.appliesTo),
    ],
  );
}
