import { z } from 'zod';
import { CATEGORY_APPLIES_TO } from './constants';
import { defineEndpoint } from './endpoint';

/** Categories change only with a deploy (they are seeded), so clients and proxies may keep them. */
export const CATEGORIES_CACHE_CONTROL = 'public, max-age=300';

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** A single emoji. */
  icon: z.string(),
  appliesTo: z.enum(CATEGORY_APPLIES_TO),
});
export type Category = z.infer<typeof categorySchema>;

/**
 * `activity` lists what an activity may use (activity and both), `date` what a date may use (date
 * and both), `both` only the shared ones; without it, every category.
 */
export const categoryListQuerySchema = z.object({ appliesTo: z.enum(CATEGORY_APPLIES_TO).optional() });
export type CategoryListQuery = z.input<typeof categoryListQuerySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const categoryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/categories',
    tag: 'categories',
    summary: 'The categories, by name; cacheable for five minutes.',
    query: categoryListQuerySchema,
    response: categoryListSchema,
  }),
};
