import { z } from 'zod';
import {
  BUDGETS,
  LOCATION_TYPES,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  MOODS,
  TIME_REQUIRED,
  TITLE_MAX_LENGTH,
} from './constants';
import { defineEndpoint } from './endpoint';
import { mediaVariantsSchema } from './media';
import { messages } from './messages';

export const POST_KINDS = ['activity', 'date'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const POST_LIMITS = {
  media: 10,
  tags: 20,
  equipment: 30,
  chip: 40,
  location: 200,
  description: 5000,
  connectedActivities: 20,
  comment: 2000,
} as const;
export const POST_LIST_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;
/** Widths of a post photo's JPEG renditions; the largest is the full viewer's. */
export const POST_IMAGE_WIDTHS = [320, 640, 1080] as const;
export const POST_IMAGE_MAIN_WIDTH: (typeof POST_IMAGE_WIDTHS)[number] = 1080;

/**
 * What the worker made of a post's photo or video (the `variants` column once ready). For a photo
 * `url` is its largest JPEG; for a video it is the video itself and `poster` its frame.
 */
export const postMediaVariantsSchema = mediaVariantsSchema.extend({
  poster: z
    .object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable(),
});
export type PostMediaVariants = z.infer<typeof postMediaVariantsSchema>;

/** Texts of the post rules that the spec leaves unworded. */
export const postMessages = {
  notFound: 'This post could not be found.',
  uploadUnusable: 'One of the photos or videos cannot be used. Please add it again.',
  duplicateUpload: 'The same photo or video was added twice.',
  tooManyMedia: `A post can have at most ${POST_LIMITS.media} photos or videos.`,
  connectedActivityNotFound: 'One of the connected activities could not be found.',
  descriptionTooLong: `Description must be ${POST_LIMITS.description} characters or less`,
  locationTooLong: `Location must be ${POST_LIMITS.location} characters or less`,
  chipTooLong: `Tags and items must be ${POST_LIMITS.chip} characters or less`,
  tooManyTags: `A post can have at most ${POST_LIMITS.tags} tags.`,
  tooManyEquipment: `A post can list at most ${POST_LIMITS.equipment} items.`,
  commentRequired: 'Write a comment first.',
  commentTooLong: `Comments must be ${POST_LIMITS.comment} characters or less`,
  commentsClosed: 'Comments are turned off for this post.',
  commentNotFound: 'This comment could not be found.',
  invalidCursor: 'This list has changed. Please reload it.',
  invalidDate: 'Choose a valid date.',
  videoUnreadable: 'This video could not be read. Please choose another file.',
} as const;

/**
 * Chips typed into the form (tags, equipment): trimmed, empties dropped, and, when `unique`,
 * case-insensitive duplicates dropped keeping the first spelling. The form and the api agree.
 */
export function chipList(items: readonly string[], options: { unique: boolean }): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (item === '' || (options.unique && seen.has(key))) {
      continue;
    }
    seen.add(key);
    out.push(item);
  }
  return out;
}

const chips = (options: { unique: boolean; max: number; tooMany: string }) =>
  z
    .array(z.string().max(POST_LIMITS.chip * 4))
    .transform((items) => chipList(items, options))
    .pipe(
      z.array(z.string().max(POST_LIMITS.chip, postMessages.chipTooLong)).max(options.max, options.tooMany),
    );
const tagsSchema = chips({ unique: true, max: POST_LIMITS.tags, tooMany: postMessages.tooManyTags });
const equipmentSchema = chips({
  unique: false,
  max: POST_LIMITS.equipment,
  tooMany: postMessages.tooManyEquipment,
});

const titleSchema = z
  .string({ error: messages.posts.titleRequired })
  .trim()
  .min(1, messages.posts.titleRequired)
  .max(TITLE_MAX_LENGTH, messages.posts.titleTooLong);
const descriptionSchema = z
  .string({ error: messages.posts.descriptionRequired })
  .trim()
  .min(1, messages.posts.descriptionRequired)
  .max(POST_LIMITS.description, postMessages.descriptionTooLong);
const locationSchema = z.string().trim().max(POST_LIMITS.location, postMessages.locationTooLong);
const budgetSchema = z.enum(BUDGETS, { error: messages.posts.budgetRequired });
const categoryIdSchema = z.number({ error: messages.posts.categoryRequired }).int().positive();
const postIdSchema = z.string().regex(/^\d{1,18}$/, postMessages.connectedActivityNotFound);
const calendarDateSchema = z.iso.date(postMessages.invalidDate);

/** A finished upload and where it goes; position 0 is the cover (photos) or the main video. */
export const postMediaInputSchema = z.object({
  uploadId: z.uuid(postMessages.uploadUnusable),
  position: z.number().int().min(0),
});
const postMediaListSchema = z
  .array(postMediaInputSchema, { error: messages.posts.imageRequired })
  .min(1, messages.posts.imageRequired)
  .max(POST_LIMITS.media, postMessages.tooManyMedia)
  .refine((items) => new Set(items.map((item) => item.uploadId)).size === items.length, {
    message: postMessages.duplicateUpload,
  })
  // Positions only order the items: stored positions are 0..n-1 in that order.
  .transform((items) => [...items].sort((a, b) => a.position - b.position).map((item) => item.uploadId));

/** Site Specific needs an address; any other type stores none (the form clears it). */
function placeRule<T extends { locationType?: string; location?: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.locationType === 'Site Specific' && !value.location) {
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: messages.posts.siteSpecificLocationRequired,
    });
  }
}

/**
 * The client's name for one publish attempt. Sent again (its answer was lost), it gets back the
 * post the first one made instead of a second post.
 */
const publishRequestIdSchema = z.uuid().optional();

export const createActivityRequestSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    categoryId: categoryIdSchema,
    mood: z.enum(MOODS).nullish(),
    budget: budgetSchema,
    timeRequired: z.enum(TIME_REQUIRED, { error: messages.posts.timeRequired }),
    locationType: z.enum(LOCATION_TYPES).default('Anywhere'),
    location: locationSchema.nullish(),
    tags: tagsSchema.default([]),
    equipment: equipmentSchema.default([]),
    media: postMediaListSchema,
    requestId: publishRequestIdSchema,
  })
  .superRefine(placeRule)
  .transform((value) => ({
    ...value,
    location: value.locationType === 'Site Specific' ? (value.location ?? null) : null,
  }));
export type CreateActivityRequest = z.input<typeof createActivityRequestSchema>;
export type CreateActivity = z.output<typeof createActivityRequestSchema>;

export const createDateRequestSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  dateOf: calendarDateSchema.nullish(),
  tags: tagsSchema.default([]),
  activityIds: z
    .array(postIdSchema)
    .max(POST_LIMITS.connectedActivities)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** The form's 'Private Post' checkbox is its opposite. */
  visibilityPublic: z.boolean().default(true),
  allowComments: z.boolean().default(true),
  media: postMediaListSchema,
  requestId: publishRequestIdSchema,
});
export type CreateDateRequest = z.input<typeof createDateRequestSchema>;
export type CreateDate = z.output<typeof createDateRequestSchema>;

/** The spec's updatable fields of an activity; what is left out stays as it is. */
export const updateActivityRequestSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    categoryId: categoryIdSchema.optional(),
    budget: budgetSchema.optional(),
    tags: tagsSchema.optional(),
    equipment: equipmentSchema.optional(),
    locationType: z.enum(LOCATION_TYPES).optional(),
    location: locationSchema.nullish(),
  })
  .superRefine(placeRule);
export type UpdateActivityRequest = z.input<typeof updateActivityRequestSchema>;
export type UpdateActivity = z.output<typeof updateActivityRequestSchema>;

export const updateDateRequestSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  tags: tagsSchema.optional(),
  visibilityPublic: z.boolean().optional(),
});
export type UpdateDateRequest = z.input<typeof updateDateRequestSchema>;
export type UpdateDate = z.output<typeof updateDateRequestSchema>;

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
  /** A photo's renditions, narrowest first, for `srcset`: a thumbnail never downloads the largest. */
  sources: z.array(z.object({ width: z.number().int(), url: z.string() })),
  /** A tiny blurred JPEG (data URL) shown while the photo loads. */
  placeholder: z.string().nullable(),
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

export const activityDetailSchema = postCardSchema.extend({
  kind: z.literal('activity'),
  mood: z.string().nullable(),
  timeRequired: z.string().nullable(),
  locationType: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
  siteSpecific: z.boolean(),
  equipment: z.array(z.string()),
  isOwner: z.boolean(),
  /** Visible dates that link this activity, newest first (at most 3). */
  connectedDates: z.array(postCardSchema),
  /** When no date links it: up to 3 visible activities of the same category. */
  youMightAlsoLike: z.array(postCardSchema),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const dateDetailSchema = postCardSchema.extend({
  kind: z.literal('date'),
  allowComments: z.boolean(),
  isOwner: z.boolean(),
  /** The linked activities the viewer may see. */
  activities: z.array(postCardSchema),
});
export type DateDetail = z.infer<typeof dateDetailSchema>;

const cursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,120}$/, postMessages.invalidCursor)
  .optional();
export const postListQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(POST_LIST_PAGE.maxLimit).default(POST_LIST_PAGE.defaultLimit),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;
export type PostListParams = z.output<typeof postListQuerySchema>;

export const postListSchema = z.object({ items: z.array(postCardSchema), nextCursor: z.string().nullable() });
export type PostList = z.infer<typeof postListSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

export const createCommentRequestSchema = z.object({
  body: z
    .string({ error: postMessages.commentRequired })
    .trim()
    .min(1, postMessages.commentRequired)
    .max(POST_LIMITS.comment, postMessages.commentTooLong),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

export const commentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: postAuthorSchema,
  createdAt: z.string(),
  /** The viewer wrote it or owns the post. */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
});
export type CommentList = z.infer<typeof commentListSchema>;

export const deletedSchema = z.object({ deleted: z.literal(true) });

const perKind = <K extends PostKind>(kind: K) => {
  const base = kind === 'activity' ? '/activities' : '/dates';
  const noun = kind === 'activity' ? 'an activity' : 'a date';
  return {
    like: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id/like`,
      tag: 'likes',
      summary: `Like ${noun} you can see; liking again changes nothing.`,
      response: likeStateSchema,
    }),
    unlike: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:id/like`,
      tag: 'likes',
      summary: `Take back a like of ${noun}; again changes nothing.`,
      response: likeStateSchema,
    }),
    comments: defineEndpoint({
      method: 'GET',
      path: `${base}/:id/comments`,
      tag: 'comments',
      summary: `Comments on ${noun} you can see, oldest first.`,
      query: postListQuerySchema,
      response: commentListSchema,
    }),
    comment: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/comments`,
      tag: 'comments',
      summary: `Comment on ${noun} you can see (dates only where comments are allowed).`,
      body: createCommentRequestSchema,
      response: commentSchema,
      status: 201,
    }),
  };
};

export const activityEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/activities',
    tag: 'posts',
    summary:
      'Publish an activity from finished uploads, in one transaction; its media are processed in the background.',
    body: createActivityRequestSchema,
    response: activityDetailSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/activities/:id',
    tag: 'posts',
    summary: 'An activity the viewer may see (404 otherwise, exactly as when missing).',
    response: activityDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/activities/:id',
    tag: 'posts',
    summary: "Edit your activity's title, description, category, budget, tags, equipment or location.",
    body: updateActivityRequestSchema,
    response: activityDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/activities/:id',
    tag: 'posts',
    summary: 'Delete your activity; its media objects are removed in the background.',
    response: deletedSchema,
  }),
  ofProfile: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/activities',
    tag: 'posts',
    summary: "A profile's activities the viewer may see, newest first.",
    query: postListQuerySchema,
    response: postListSchema,
  }),
  ...perKind('activity'),
};

export const dateEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/dates',
    tag: 'posts',
    summary: 'Publish a date from finished uploads, linked to activities you can see, in one transaction.',
    body: createDateRequestSchema,
    response: dateDetailSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/dates/:id',
    tag: 'posts',
    summary: 'A date the viewer may see (a non-public date only to its owner; 404 otherwise).',
    response: dateDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/dates/:id',
    tag: 'posts',
    summary: "Edit your date's title, description, tags or visibility.",
    body: updateDateRequestSchema,
    response: dateDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/dates/:id',
    tag: 'posts',
    summary: 'Delete your date; its media objects are removed in the background.',
    response: deletedSchema,
  }),
  ofProfile: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/dates',
    tag: 'posts',
    summary: "A profile's dates the viewer may see, newest first.",
    query: postListQuerySchema,
    response: postListSchema,
  }),
  ...perKind('date'),
};

export const commentEndpoints = {
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/comments/:id',
    tag: 'comments',
    summary: 'Delete a comment you wrote, or one on your post.',
    response: deletedSchema,
  }),
};
