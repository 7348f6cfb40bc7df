import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { defineEndpoint } from '../endpoint';
import { postCardSchema } from '../posts/read-models';
import { postSearchPageSchema, userSearchResultSchema } from '../search/read-models';

/* Explore (spec section 2), open to visitors: featured activities, creators to follow, the grid. */

export const EXPLORE_LIMITS = { featured: 12, gridDefault: 20, gridMax: 50 } as const;

export const exploreMessages = {
  invalidCursor: 'This list has changed. Please reload it.',
} as const;

export const exploreGridQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, exploreMessages.invalidCursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(EXPLORE_LIMITS.gridMax).default(EXPLORE_LIMITS.gridDefault),
});
export type ExploreGridQuery = z.input<typeof exploreGridQuerySchema>;
export type ExploreGridParams = z.output<typeof exploreGridQuerySchema>;

export const featuredActivitiesSchema = z.object({ items: z.array(postCardSchema) });
export type FeaturedActivities = z.infer<typeof featuredActivitiesSchema>;

/**
 * 'suggested' for a member (at most `PAGE_SIZES.suggestedCreatorsQuerySignedIn`: never themselves,
 * nobody they follow, no admin, no private profile); 'popular' for a visitor (at most
 * `PAGE_SIZES.suggestedCreatorsQueryVisitor`, public profiles only). The page shows 4.
 */
export const exploreCreatorsSchema = z.object({
  kind: z.enum(['suggested', 'popular']),
  items: z.array(userSearchResultSchema),
});
export type ExploreCreators = z.infer<typeof exploreCreatorsSchema>;

export const EXPLORE_CREATOR_LIMITS = {
  suggested: PAGE_SIZES.suggestedCreatorsQuerySignedIn,
  popular: PAGE_SIZES.suggestedCreatorsQueryVisitor,
} as const;

export const exploreEndpoints = {
  featured: defineEndpoint({
    method: 'GET',
    path: '/explore/featured',
    tag: 'explore',
    summary: 'The best-performing recent activities the viewer may see (engagement with a time decay).',
    response: featuredActivitiesSchema,
  }),
  creators: defineEndpoint({
    method: 'GET',
    path: '/explore/creators',
    tag: 'explore',
    summary: 'Creators to follow: suggestions for a member, the most followed public creators for a visitor.',
    response: exploreCreatorsSchema,
  }),
  activities: defineEndpoint({
    method: 'GET',
    path: '/explore/activities',
    tag: 'explore',
    summary: 'The Explore Activities grid: every activity the viewer may see, newest first, by keyset.',
    query: exploreGridQuerySchema,
    response: postSearchPageSchema,
  }),
};
