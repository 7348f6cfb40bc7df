import { z } from 'zod';
import { BUDGETS, LOCATION_TYPES, MEDIA_STATUSES, MEDIA_TYPES } from '../constants';
import { mediaVariantsSchema, POST_IMAGE_TYPES } from '../media';
import { POST_KINDS } from './constants';

/* What the api answers about posts: cards, pages, lists, likes. */

/**
 * What the worker made of a post's photo or video (the `variants` column once ready). For a photo
 * `key` is its largest JPEG; for a video it is the video itself and `poster` its frame.
 */
export const postMediaVariantsSchema = mediaVariantsSchema.extend({
  poster: z.object({ key: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type PostMediaVariants = z.infer<typeof postMediaVariantsSchema>;

export const postAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const postMediaItemSchema = z.object({
  id: z.string(),
  type: z.enum(MEDIA_TYPES),
  status: z.enum(MEDIA_STATUSES),
  position: z.number().int(),
  /** The main rendition (a photo's largest JPEG, the video itself) once ready; null before. */
  url: z.string().nullable(),
  /** A video's poster frame once ready. */
  posterUrl: z.string().nullable(),
  /**
   * A photo's renditions, for `<picture>`'s `srcset`s: a thumbnail never downloads the largest, and a
   * browser that takes WebP gets it. Grouped by type, narrowest first; a photo processed before WebP
   * renditions existed has only its JPEGs.
   */
  sources: z.array(z.object({ width: z.number().int(), type: z.enum(POST_IMAGE_TYPES), url: z.string() })),
  /** A tiny blurred JPEG (data URL) shown while the photo loads. */
  placeholder: z.string().nullable(),
  /**
   * The ThumbHash (base64, about 25 bytes) of a ready photo or of a video's poster: decoded into a
   * blurred preview, of the right colours, painted in the item's box until the image has decoded.
   */
  thumbhash: z.string().nullable(),
  /** The intrinsic size once ready (a video's frame), so the item's box is reserved before it loads. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why processing failed, in words for the owner (only the owner is sent failed items). */
  message: z.string().nullable(),
});
export type PostMediaItem = z.infer<typeof postMediaItemSchema>;

export const postCategorySchema = z.object({ slug: z.string(), name: z.string(), icon: z.string() });

/** What every card size shows (spec section 3, Feed card), for both kinds. */
export const postCardSchema = z.object({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  title: z.string(),
  description: z.string(),
  author: postAuthorSchema,
  media: z.array(postMediaItemSchema),
  tags: z.array(z.string()),
  budget: z.enum(BUDGETS).nullable(),
  category: postCategorySchema.nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  isSaved: z.boolean(),
  isCustom: z.boolean(),
  /** False only for a date its author kept private: the owner still lists it, nobody opens it from a profile. */
  visibilityPublic: z.boolean(),
  /** A date's day ('YYYY-MM-DD'); null for activities and undated dates. */
  dateOf: z.string().nullable(),
  createdAt: z.string(),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** What an activity's page shows beyond its card, as stored: the repository reads these names. */
export const activityFieldsSchema = z.object({
  mood: z.string().nullable(),
  timeRequired: z.string().nullable(),
  locationType: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
  equipment: z.array(z.string()),
});
export type ActivityFields = z.infer<typeof activityFieldsSchema>;

export const activityDetailSchema = postCardSchema.extend({
  kind: z.literal('activity'),
  ...activityFieldsSchema.shape,
  siteSpecific: z.boolean(),
  isOwner: z.boolean(),
  /** Visible dates that link this activity, newest first (at most 3). */
  connectedDates: z.array(postCardSchema),
  /** When no date links it: up to 3 visible activities of the same category. */
  youMightAlsoLike: z.array(postCardSchema),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** What a date's page shows beyond its card, as stored: the repository reads these names. */
export const dateFieldsSchema = z.object({
  allowComments: z.boolean(),
  /** A plan published it (its recap): private, it still opens for the plan's owner and collaborators. */
  isPlanRecap: z.boolean(),
});
export type DateFields = z.infer<typeof dateFieldsSchema>;

export const dateDetailSchema = postCardSchema.extend({
  kind: z.literal('date'),
  ...dateFieldsSchema.shape,
  isOwner: z.boolean(),
  /** The linked activities the viewer may see. */
  activities: z.array(postCardSchema),
});
export type DateDetail = z.infer<typeof dateDetailSchema>;

export const postListSchema = z.object({ items: z.array(postCardSchema), nextCursor: z.string().nullable() });
export type PostList = z.infer<typeof postListSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
