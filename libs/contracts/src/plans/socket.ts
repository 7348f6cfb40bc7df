import { z } from 'zod';
import { planIdSchema } from './fields';
import { planHeadSchema, planPresenceSetSchema, planPresenceStateSchema } from './presence';
import { planCatchUpSchema, planEventSchema, planOpRequestSchema } from './protocol';

/*
 * The plan messages of the one Socket.IO connection (design: Protocol). A socket joins a plan's
 * room only through `plan.join`, after the same policy check REST uses. These schemas are part of
 * the one event map in realtime.ts, which types every socket, client and server alike.
 */

export const planRoom = (planId: string): string => `plan:${planId}`;

/**
 * One member's sockets in a plan's room (joined and left with it), so the server can push an event
 * projected for what that member may see to them alone.
 */
export const planMemberRoom = (planId: string, userId: string): string => `plan-member:${planId}:${userId}`;

export const planJoinRequestSchema = z.object({
  planId: planIdSchema,
  /** The last version the client applied; without it the answer is a snapshot. */
  sinceVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Join the room without being shown in the plan's presence list ('Hide my presence'). */
  hidden: z.boolean().optional(),
});
export type PlanJoinRequest = z.output<typeof planJoinRequestSchema>;

export const planJoinAckSchema = z.union([
  planCatchUpSchema.options[0].extend({ ok: z.literal(true) }),
  planCatchUpSchema.options[1].extend({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type PlanJoinAck = z.infer<typeof planJoinAckSchema>;

export const planSocketOpSchema = planOpRequestSchema.extend({ planId: planIdSchema });
export type PlanSocketOp = z.output<typeof planSocketOpSchema>;
export type PlanSocketOpInput = z.input<typeof planSocketOpSchema>;

export const planLeaveSchema = z.object({ planId: planIdSchema });
export type PlanLeave = z.output<typeof planLeaveSchema>;

/** Client → server plan messages, each validated with its schema before the handler runs. */
export const planClientEvents = {
  'plan.join': planJoinRequestSchema,
  'plan.op': planSocketOpSchema,
  'plan.leave': planLeaveSchema,
  /** Volatile and unanswered: where the member is editing, or that they hide (a socket in the room only). */
  'presence.set': planPresenceSetSchema,
} as const;

export const planServerEvents = {
  /** An applied operation, to the whole room (the sender too); apply strictly in version order. */
  'plan.event': planEventSchema,
  /** To a removed collaborator's sockets as they are taken out of the room. */
  'plan.access': z.object({ planId: z.string(), revoked: z.literal(true) }),
  /** The completed plan's recap was published. */
  'plan.published': z.object({ planId: z.string(), dateId: z.string() }),
  /** To a member's user room: they were invited to or removed from a plan, so their lists refresh. */
  'plans.changed': z.object({}),
  /** The plan's whole presence list, after a join (to the joiner) and after every change (to the room). */
  'presence.state': planPresenceStateSchema,
  /** Every PLAN_HEAD_INTERVAL_MS to each plan room: a member behind this version catches up. */
  'plan.head': planHeadSchema,
} as const;
