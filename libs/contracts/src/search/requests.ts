import { z } from 'zod';
import {
  BUDGETS,
  EXPLORE_MOODS,
  PAGE_SIZES,
  SORT_OPTIONS,
  SPECIFICITY_OPTIONS,
  TIME_REQUIRED,
} from '../constants';
import { lineText } from '../primitives';
import { ANY } from './filters';

/* What a search request carries: the words, the filters, and where to continue. */

export const SEARCH_LIMITS = { queryLength: 200, maxPageSize: 50 } as const;

export const searchMessages = {
  queryTooLong: `Search for at most ${SEARCH_LIMITS.queryLength} characters.`,
  unknownFilter: 'This filter is not one we know. Reset the filters and try again.',
  invalidCursor: 'These results have changed. Please search again.',
} as const;

const query = lineText()
  .pipe(z.string().max(SEARCH_LIMITS.queryLength, searchMessages.queryTooLong))
  .default('');
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,300}$/, searchMessages.invalidCursor)
  .optional();
const limit = z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPageSize).default(PAGE_SIZES.search);
const filter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: searchMessages.unknownFilter }).optional();

/**
 * A search of activities or dates. An empty `q` lists what the filters match (the suggestion chips
 * and the category rows rely on it). Mood, time and specificity describe activities only: a date
 * search ignores them.
 */
export const postSearchQuerySchema = z.object({
  q: query,
  budget: filter([ANY, ...BUDGETS]),
  mood: filter([ANY, ...EXPLORE_MOODS]),
  time: filter(TIME_REQUIRED),
  category: z
    .string()
    .regex(/^(Any|[a-z0-9-]{1,60})$/, searchMessages.unknownFilter)
    .optional(),
  specificity: filter(SPECIFICITY_OPTIONS),
  sort: filter(SORT_OPTIONS),
  cursor,
  limit,
});
export type PostSearchQuery = z.input<typeof postSearchQuerySchema>;
export type PostSearchParams = z.output<typeof postSearchQuerySchema>;

/** A search of members by username or display name; a blank `q` finds nobody. */
export const userSearchQuerySchema = z.object({ q: query, cursor, limit });
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;
export type UserSearchParams = z.output<typeof userSearchQuerySchema>;
