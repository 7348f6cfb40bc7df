import { z } from 'zod';
import { postMessages } from '../posts/constants';
import { tokenText } from '../primitives';
import { PLAN_LIMITS, PLAN_LIST_PAGE, PLAN_LIST_SCOPES } from './constants';
import { planDateSchema, planTitleSchema, timeZoneSchema } from './fields';

/* What members send to list, make and catch up on plans (changes go through operations). */

export const planListQuerySchema = z.object({
  list: z.enum(PLAN_LIST_SCOPES).default('all'),
  /** Opaque: the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, postMessages.invalidCursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(PLAN_LIST_PAGE.maxLimit).default(PLAN_LIST_PAGE.defaultLimit),
});
export type PlanListQuery = z.input<typeof planListQuerySchema>;
export type PlanListParams = z.output<typeof planListQuerySchema>;

/**
 * A new draft: the `plan.create` operation in an envelope of its own, since there is no plan (or
 * version) yet. Sent again with the same `opId`, it answers with the plan the first one made.
 */
export const createPlanRequestSchema = z.object({
  opId: z.uuid(),
  clientId: tokenText().min(1).max(PLAN_LIMITS.clientId),
  title: planTitleSchema,
  date: planDateSchema.default(null),
  /** The owner's browser zone: the plan's times are wall-clock times in it (design: Time). */
  timeZone: timeZoneSchema,
});
export type CreatePlanRequest = z.input<typeof createPlanRequestSchema>;
export type CreatePlan = z.output<typeof createPlanRequestSchema>;

export const planEventsQuerySchema = z.object({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type PlanEventsQuery = z.input<typeof planEventsQuerySchema>;
export type PlanEventsParams = z.output<typeof planEventsQuerySchema>;
