import { z } from 'zod';
import { LOCATION_TYPES, MOODS, TIME_REQUIRED } from '../constants';
import { messages } from '../messages';
import { POST_LIMITS, POST_LIST_PAGE, postMessages } from './constants';
import {
  budgetSchema,
  calendarDateSchema,
  categoryIdSchema,
  descriptionSchema,
  equipmentSchema,
  keptAddress,
  locationSchema,
  placeRule,
  postIdSchema,
  postMediaListSchema,
  publishRequestIdSchema,
  tagsSchema,
  titleSchema,
} from './fields';

/* What members send to publish, edit and list posts. */

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
  .transform((value) => ({ ...value, location: keptAddress(value.locationType, value.location) }));
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
