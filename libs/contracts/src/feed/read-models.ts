import { z } from 'zod';
import { postCardSchema } from '../posts/read-models';

/* What the home feed answers: post cards with the viewer's tie to each author. */

export const FEED_RELATIONSHIPS = ['following', 'mutual'] as const;
export type FeedRelationship = (typeof FEED_RELATIONSHIPS)[number];

/** A post card plus the spec's Feed card badge: 'Following', '{n} mutual' or none. */
export const feedCardSchema = postCardSchema.extend({
  /** 'following' when the viewer follows the author; else 'mutual' when `mutualCount` > 0; else null. */
  relationship: z.enum(FEED_RELATIONSHIPS).nullable(),
  /** How many people the viewer follows who follow the author (0 when the viewer follows the author). */
  mutualCount: z.number().int(),
});
export type FeedCard = z.infer<typeof feedCardSchema>;

export const feedPageSchema = z.object({ items: z.array(feedCardSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;
