import { z } from 'zod';

/* What the api answers about collections and saves. */

/** One of the member's collections, as the lists, pages and dialogs show it. */
export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  /**
   * Items whose post the owner may see now; hidden ones are not counted (spec section 6). Counted
   * up to `COLLECTION_LIMITS.countedItems`: beyond, this is that number and `itemCountCapped` is true.
   */
  itemCount: z.number().int(),
  itemCountCapped: z.boolean(),
  /**
   * The chosen cover photo once processed, else the cover of the newest item the owner may see,
   * else null (the placeholder).
   */
  coverUrl: z.string().nullable(),
  /** A newly chosen cover is being processed; `media.status` (kind `collection`) follows. */
  coverProcessing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** Default first, then the most recently updated (spec section 3). */
export const collectionListSchema = z.object({ items: z.array(collectionSchema) });
export type CollectionList = z.infer<typeof collectionListSchema>;

/** Whether the post is in the default collection after the call. */
export const saveStateSchema = z.object({ saved: z.boolean() });
export type SaveState = z.infer<typeof saveStateSchema>;

/** The member's collections that hold a post, and whether that makes it saved. */
export const postCollectionsSchema = z.object({
  collectionIds: z.array(z.string()),
  saved: z.boolean(),
});
export type PostCollections = z.infer<typeof postCollectionsSchema>;
