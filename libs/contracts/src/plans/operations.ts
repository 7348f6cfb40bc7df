import { z } from 'zod';
import { messages } from '../messages';
import { postMessages } from '../posts/constants';
import { calendarDateSchema, descriptionSchema, postIdSchema, titleSchema } from '../posts/fields';
import { PLAN_LIMITS, planMessages } from './constants';
import {
  customDetailsSchema,
  customLocationSchema,
  inviteeIdSchema,
  planDateSchema,
  planInstantSchema,
  planRefSchema,
  planTitleSchema,
  timeZoneSchema,
} from './fields';

/*
 * Every change to a plan is one of these operations (design: Operations), sent over REST or a
 * socket inside a `planOpRequestSchema` envelope. Registers (plan.update, activity.setTimes,
 * activity.edit) are last-writer-wins in server order; the rest are commands checked against the
 * plan as it stands when the server applies them.
 */

export const planCreateOpSchema = z.object({
  type: z.literal('plan.create'),
  title: planTitleSchema,
  date: planDateSchema.default(null),
  /** Stored events of plans made before plans had a zone have none. */
  timeZone: timeZoneSchema.optional(),
});

export const planUpdateOpSchema = z.discriminatedUnion('field', [
  z.object({ type: z.literal('plan.update'), field: z.literal('title'), value: planTitleSchema }),
  z.object({ type: z.literal('plan.update'), field: z.literal('date'), value: planDateSchema }),
  z.object({ type: z.literal('plan.update'), field: z.literal('timeZone'), value: timeZoneSchema }),
]);

/** A row of the timeline: a visible activity, or a custom entry of the planner's own words. */
export const planActivitySourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('linked'), activityId: postIdSchema }),
  z.object({
    kind: z.literal('custom'),
    customLocation: customLocationSchema,
    customDetails: customDetailsSchema,
  }),
]);

export const activityAddOpSchema = z.object({
  type: z.literal('activity.add'),
  ref: planRefSchema,
  source: planActivitySourceSchema,
});

/**
 * Schedule (spec section 4; design: Time): 9:00–10:00 on the plan's date in the plan's zone, read
 * from the plan as it stands, so the op names only the row. A `timeZone` older clients still send
 * is dropped by the parse.
 */
export const activityScheduleOpSchema = z.object({
  type: z.literal('activity.schedule'),
  ref: planRefSchema,
});

/** Begin and end are one register, so two people can never produce end-before-begin together. */
export const activitySetTimesOpSchema = z.object({
  type: z.literal('activity.setTimes'),
  ref: planRefSchema,
  beginsAt: planInstantSchema.nullable(),
  endsAt: planInstantSchema.nullable(),
});

/** A custom row's location and/or details; a field left out stays as it is, empty clears it. */
export const activityEditOpSchema = z
  .object({
    type: z.literal('activity.edit'),
    ref: planRefSchema,
    customLocation: customLocationSchema,
    customDetails: customDetailsSchema,
  })
  .refine((op) => op.customLocation !== undefined || op.customDetails !== undefined, {
    message: planMessages.editNothing,
  });

export const activityRemoveOpSchema = z.object({ type: z.literal('activity.remove'), ref: planRefSchema });

export const planLockOpSchema = z.object({ type: z.literal('plan.lock'), locked: z.boolean() });

export const collaboratorInviteOpSchema = z.object({
  type: z.literal('collaborator.invite'),
  userIds: z
    .array(inviteeIdSchema)
    .min(1, planMessages.inviteNobody)
    .max(PLAN_LIMITS.collaborators, planMessages.tooManyInvitees),
});

export const collaboratorRemoveOpSchema = z.object({
  type: z.literal('collaborator.remove'),
  userId: z.uuid(planMessages.collaboratorGone),
});

/**
 * The recap a completed plan publishes (spec section 4; issue: the publish dialog): the date post's
 * fields, private to the plan's people unless made public, with photos taken from the plan's rows
 * (each row's activity photos) and/or new uploads of kind `date`.
 */
export const planPublishSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  dateOf: calendarDateSchema.nullish().transform((day) => day ?? null),
  visibilityPublic: z.boolean().default(false),
  photos: z
    .object({
      fromActivityRefs: z.array(planRefSchema).max(PLAN_LIMITS.publishPhotos).default([]),
      uploadIds: z.array(z.uuid(postMessages.uploadUnusable)).max(PLAN_LIMITS.publishPhotos).default([]),
    })
    .transform((photos) => ({
      fromActivityRefs: [...new Set(photos.fromActivityRefs)],
      uploadIds: [...new Set(photos.uploadIds)],
    }))
    .refine((photos) => photos.fromActivityRefs.length + photos.uploadIds.length > 0, {
      message: messages.posts.imageRequired,
    })
    .refine(
      (photos) => photos.fromActivityRefs.length + photos.uploadIds.length <= PLAN_LIMITS.publishPhotos,
      { message: postMessages.tooManyMedia },
    ),
});

export const statusChangeOpSchema = z.discriminatedUnion('to', [
  z.object({ type: z.literal('status.change'), to: z.literal('draft') }),
  z.object({ type: z.literal('status.change'), to: z.literal('prepared') }),
  z.object({ type: z.literal('status.change'), to: z.literal('completed'), publish: planPublishSchema }),
]);

/** Deleting is an operation too, so it takes the one code path every change takes. */
export const planDeleteOpSchema = z.object({ type: z.literal('plan.delete') });

export const planOperationSchema = z.discriminatedUnion('type', [
  planCreateOpSchema,
  planUpdateOpSchema,
  activityAddOpSchema,
  activityScheduleOpSchema,
  activitySetTimesOpSchema,
  activityEditOpSchema,
  activityRemoveOpSchema,
  planLockOpSchema,
  collaboratorInviteOpSchema,
  collaboratorRemoveOpSchema,
  statusChangeOpSchema,
  planDeleteOpSchema,
]);
/** An operation as the server and the domain rules see it: parsed, trimmed, times in UTC ISO. */
export type PlanOperation = z.output<typeof planOperationSchema>;
/** An operation as a client writes it. */
export type PlanOperationInput = z.input<typeof planOperationSchema>;
export type PlanOperationType = PlanOperation['type'];
export type PlanOperationOf<T extends PlanOperationType> = Extract<PlanOperation, { type: T }>;
export type PlanPublish = z.output<typeof planPublishSchema>;
export type PlanActivitySource = z.output<typeof planActivitySourceSchema>;
