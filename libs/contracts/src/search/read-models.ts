import { z } from 'zod';
import { postCardSchema } from '../posts/read-models';

/* What a search answers. */

/** A page of post cards; `nextCursor` is null on the last page. */
export const postSearchPageSchema = z.object({
  items: z.array(postCardSchema),
  nextCursor: z.string().nullable(),
});
export type PostSearchPage = z.infer<typeof postSearchPageSchema>;

/** A member found by name (spec section 7, Search: Users), with what the result tile shows. */
export const userSearchResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Null for a private profile the viewer does not follow: its counts are its followers' (spec section 6). */
  followerCount: z.number().int().nullable(),
  /** False for visitors. */
  isFollowing: z.boolean(),
  /** The viewer asked to follow this private member and waits for their approval; false for visitors. */
  requested: z.boolean(),
  isPrivate: z.boolean(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const userSearchPageSchema = z.object({
  items: z.array(userSearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type UserSearchPage = z.infer<typeof userSearchPageSchema>;
