import { z } from 'zod';
import { BUDGETS, PLAN_STATUSES, PLANNED_ACTIVITY_STATUSES } from '../constants';

/*
 * What an applied operation changed, as data. The api persists these rows' worth of change in the
 * op's transaction, and every event carries them, so a member applies an event exactly as the
 * server did — without the facts the server looked up (an activity's title, "today" in a zone).
 */

/**
 * A linked row's activity as the receiver may see it, the image link signed for them; every field
 * null when they may not (the neutral 'Planned activity' row). Null for a custom row.
 */
export const planLinkedActivitySchema = z.object({
  title: z.string().nullable(),
  location: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Events written before rows carried a budget have none. */
  budget: z.enum(BUDGETS).nullable().default(null),
});
export type PlanLinkedActivity = z.infer<typeof planLinkedActivitySchema>;

/** One row of a plan's timeline. Times are UTC ISO; `deleted` rows are tombstones (design: Data). */
export const planEntrySchema = z.object({
  ref: z.string(),
  /** Null for custom rows, and for linked rows whose activity has since been deleted. */
  activityId: z.string().nullable(),
  isCustom: z.boolean(),
  customLocation: z.string().nullable(),
  customDetails: z.string().nullable(),
  beginsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(PLANNED_ACTIVITY_STATUSES),
  deleted: z.boolean(),
  linked: planLinkedActivitySchema.nullable(),
});
export type PlanEntry = z.infer<typeof planEntrySchema>;

export const planChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    set: z.object({
      title: z.string().optional(),
      date: z.string().nullable().optional(),
      timeZone: z.string().optional(),
      locked: z.boolean().optional(),
    }),
  }),
  z.object({ kind: z.literal('status'), to: z.enum(PLAN_STATUSES) }),
  z.object({ kind: z.literal('addEntry'), entry: planEntrySchema }),
  z.object({
    kind: z.literal('updateEntry'),
    ref: z.string(),
    set: z.object({
      beginsAt: z.string().nullable().optional(),
      endsAt: z.string().nullable().optional(),
      status: z.enum(PLANNED_ACTIVITY_STATUSES).optional(),
      customLocation: z.string().nullable().optional(),
      customDetails: z.string().nullable().optional(),
    }),
  }),
  /** The row becomes a tombstone; it is never brought back. */
  z.object({ kind: z.literal('removeEntry'), ref: z.string() }),
  z.object({ kind: z.literal('addCollaborators'), userIds: z.array(z.string()) }),
  z.object({ kind: z.literal('removeCollaborator'), userId: z.string() }),
  z.object({ kind: z.literal('delete') }),
]);
export type PlanChange = z.infer<typeof planChangeSchema>;
export type PlanChangeKind = PlanChange['kind'];
