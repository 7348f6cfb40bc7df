import { z } from 'zod';
import {
  BUDGETS,
  EXPLORE_MOODS,
  MOODS,
  SORT_OPTIONS,
  SPECIFICITY_OPTIONS,
  TIME_REQUIRED,
} from '../constants';

/*
 * The Search and Explore filters (spec sections 2, 3 and 9): what the filter panel edits, what local
 * storage keeps under `searchFilters`, and what a search request carries. Every one of them filters
 * on the server (the spec's client only stored most of them).
 */

export const ANY = 'Any' as const;

/** A category filter: 'Any' or a category slug. */
const categoryFilterSchema = z.union([
  z.literal(ANY),
  z.string().regex(/^[a-z0-9-]{1,60}$/, 'Unknown category.'),
]);

export const searchFiltersSchema = z.object({
  budget: z.enum([ANY, ...BUDGETS]).catch(ANY),
  mood: z.enum([ANY, ...EXPLORE_MOODS]).catch(ANY),
  time: z.enum(TIME_REQUIRED).catch(ANY),
  category: categoryFilterSchema.catch(ANY),
  specificity: z.enum(SPECIFICITY_OPTIONS).catch(ANY),
  sort: z.enum(SORT_OPTIONS).catch('Relevance'),
});
/** The filters as stored and edited. Parsing never fails: an unknown stored value falls back to the default. */
export type SearchFilters = z.output<typeof searchFiltersSchema>;

/** 'Reset All' (spec section 4): every filter Any, sorted by Relevance. */
export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  budget: ANY,
  mood: ANY,
  time: ANY,
  category: ANY,
  specificity: ANY,
  sort: 'Relevance',
};

/**
 * The Explore moods are broader than a post's mood (spec section 9 lists both): each matches these
 * post moods. Decision 40 gives the reasoning.
 */
export const EXPLORE_MOOD_MATCHES: Record<(typeof EXPLORE_MOODS)[number], readonly (typeof MOODS)[number][]> =
  {
    Adventurous: ['Exciting', 'Spontaneous', 'Fun'],
    Romantic: ['Intimate', 'Upscale'],
    Relaxing: ['Relaxing', 'Chill'],
  };

/**
 * The post time-required labels a Time filter matches: 'Under …' means that long or less (an activity
 * under 30 minutes is also under 1 hour); 'Full Day' and 'Full Weekend' mean exactly that.
 */
export const TIME_FILTER_MATCHES: Record<
  Exclude<(typeof TIME_REQUIRED)[number], 'Any'>,
  readonly string[]
> = {
  'Under 30 minutes': ['Under 30 minutes'],
  'Under 1 hour': ['Under 30 minutes', 'Under 1 hour'],
  'Under 4 hours': ['Under 30 minutes', 'Under 1 hour', 'Under 4 hours'],
  'Full Day': ['Full Day'],
  'Full Weekend': ['Full Weekend'],
};
