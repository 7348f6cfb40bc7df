import { z } from 'zod';
import { planIdSchema } from './fields';

/* Who has a plan open, and where they are typing (design: Presence). */

/** The fields a member can be "editing": a row's (with `ref`) or the plan's own title and date. */
export const PLAN_FOCUS_FIELDS = ['title', 'date', 'time', 'location', 'details'] as const;
export type PlanFocusField = (typeof PLAN_FOCUS_FIELDS)[number];

export const planFocusSchema = z.object({
  ref: z.string().max(64).optional(),
  field: z.enum(PLAN_FOCUS_FIELDS),
});
export type PlanFocus = z.infer<typeof planFocusSchema>;

/** One open editor: one entry per socket, so two tabs of one member are two entries (screens dedupe by userId). */
export const planPresenceMemberSchema = z.object({
  /** Stable for the socket, and not its id (which would let others address it). */
  key: z.string(),
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  focus: planFocusSchema.nullable(),
});
export type PlanPresenceMember = z.infer<typeof planPresenceMemberSchema>;

/** `presence.set`: where the socket's member is now; `hidden: true` takes them off the list until `false`. */
export const planPresenceSetSchema = z.object({
  planId: planIdSchema,
  focus: planFocusSchema.nullable(),
  hidden: z.boolean().optional(),
});
export type PlanPresenceSet = z.output<typeof planPresenceSetSchema>;
export type PlanPresenceSetInput = z.input<typeof planPresenceSetSchema>;

/** `presence.state`: always the whole list of the plan, across every api replica. */
export const planPresenceStateSchema = z.object({
  planId: z.string(),
  members: z.array(planPresenceMemberSchema),
});
export type PlanPresenceState = z.infer<typeof planPresenceStateSchema>;

/** `plan.head`: the plan's current version, so an idle member notices an event it missed. */
export const planHeadSchema = z.object({ planId: z.string(), version: z.number().int() });
export type PlanHead = z.infer<typeof planHeadSchema>;

/**
 * How long an entry lives without its replica's heartbeat (a replica that died leaves entries that
 * readers drop after this), how often replicas refresh their sockets' entries, and how often a
 * client may send its focus.
 */
export const PLAN_PRESENCE = { ttlMs: 45_000, heartbeatMs: 15_000, focusThrottleMs: 100 } as const;

/** How often each replica tells its plan rooms the plan's version. */
export const PLAN_HEAD_INTERVAL_MS = 20_000;
