import { z } from 'zod';
import { postMessages } from '../posts/constants';

/* What a feed page request carries: where to continue and how many cards. */

export const FEED_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;

export const feedQuerySchema = z.object({
  /** Opaque: the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, postMessages.invalidCursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE.maxLimit).default(FEED_PAGE.defaultLimit),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;
export type FeedParams = z.output<typeof feedQuerySchema>;
