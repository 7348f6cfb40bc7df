import { z } from 'zod';
import { PLAN_STATUSES, PLANNED_ACTIVITY_STATUSES } from '../constants';
import { postAuthorSchema } from '../posts/read-models';
import { planEntrySchema } from './changes';
import { PLAN_ROLES } from './constants';

/* What the api answers about plans: the editor's document, list rows, the share link, invite choices. */

/** A person as plan screens show them, names already resolved with the spec's fallbacks (section 3). */
export const planPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PlanPerson = z.infer<typeof planPersonSchema>;

/**
 * A live row of the timeline: its stored fields and what the screens show of it (title, location
 * and photo with the spec's fallbacks, duration in minutes). Removed rows are never sent.
 */
export const planDocumentActivitySchema = planEntrySchema.omit({ deleted: true }).extend({
  /** The row's database id; rows are addressed by `ref`. */
  id: z.string(),
  title: z.string(),
  location: z.string().nullable(),
  imageUrl: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
});
export type PlanDocumentActivity = z.infer<typeof planDocumentActivitySchema>;

/** A plan as its owner and collaborators open it: the snapshot events are applied on. */
export const planDocumentSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  owner: postAuthorSchema,
  title: z.string(),
  /** 'YYYY-MM-DD' or null. */
  date: z.string().nullable(),
  /** The IANA zone the plan's date and times are wall-clock values in (design: Time). */
  timeZone: z.string(),
  status: z.enum(PLAN_STATUSES),
  locked: z.boolean(),
  /** The number of the last applied operation; the next event is `version + 1`. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The date post the completed plan published, while it exists. */
  publishedDateId: z.string().nullable(),
  viewerRole: z.enum(PLAN_ROLES),
  collaborators: z.array(planPersonSchema),
  /** In stored order; screens sort with the domain's timeline rules. */
  activities: z.array(planDocumentActivitySchema),
});
export type PlanDocument = z.infer<typeof planDocumentSchema>;

export const planListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string().nullable(),
  status: z.enum(PLAN_STATUSES),
  role: z.enum(PLAN_ROLES),
  ownerId: z.string(),
  updatedAt: z.string(),
});
export type PlanListItem = z.infer<typeof planListItemSchema>;

/** Newest update first. */
export const planListSchema = z.object({
  items: z.array(planListItemSchema),
  nextCursor: z.string().nullable(),
});
export type PlanList = z.infer<typeof planListSchema>;

/**
 * One row of a shared plan. The title is the row's shown title, which for a custom row may be the
 * first line of its details (spec section 3); the rest of the details is never shared.
 */
export const sharedPlanEntrySchema = z.object({
  title: z.string(),
  beginsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(PLANNED_ACTIVITY_STATUSES),
  durationMinutes: z.number().int().nullable(),
  location: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type SharedPlanEntry = z.infer<typeof sharedPlanEntrySchema>;

/**
 * The read-only plan behind `/plan/shared/{username}/{shareToken}`, for anyone with the link: what
 * the owner means to show, filtered by the server — no ids (not even the plan's), no collaborators,
 * no custom details.
 */
export const sharedPlanSchema = z.object({
  title: z.string(),
  date: z.string().nullable(),
  /** Times are shown on this zone's clock for every visitor. */
  timeZone: z.string(),
  status: z.enum(PLAN_STATUSES),
  owner: z.object({
    username: z.string(),
    displayName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  /** Sorted by start time, untimed rows (the additional ideas) last. */
  timeline: z.array(sharedPlanEntrySchema),
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;

/**
 * A plan's share link, for its members only: the token of `/plan/shared/{ownerUsername}/{token}`.
 * Never part of anything a visitor or a non-member receives.
 */
export const planShareLinkSchema = z.object({ token: z.string() });
export type PlanShareLink = z.infer<typeof planShareLinkSchema>;

/** A profile the owner follows and may invite (admins are never offered, spec section 6). */
export const collaboratorChoiceSchema = planPersonSchema.extend({ invited: z.boolean() });
export type CollaboratorChoice = z.infer<typeof collaboratorChoiceSchema>;

export const collaboratorChoiceListSchema = z.object({ items: z.array(collaboratorChoiceSchema) });
export type CollaboratorChoiceList = z.infer<typeof collaboratorChoiceListSchema>;
