import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { tokenText } from '../primitives';
import { planChangeSchema } from './changes';
import { PLAN_LIMITS, PLAN_ROLES } from './constants';
import { planOperationSchema } from './operations';
import { planDocumentSchema, planPersonSchema } from './read-models';

/* How operations travel (design: Protocol): the envelope, its answer, and the events everyone gets. */

/**
 * One operation with what makes it safe to resend: `opId` is made once per intent and kept across
 * retries (a replay returns the first answer), `baseVersion` is the last version the client saw.
 */
export const planOpRequestSchema = z.object({
  opId: z.uuid(),
  clientId: tokenText().min(1).max(PLAN_LIMITS.clientId),
  baseVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  op: planOperationSchema,
  /** The op id of the sender's own earlier change this one undoes, so History tells it as an undo. */
  undoes: z.uuid().optional(),
});
export type PlanOpRequest = z.output<typeof planOpRequestSchema>;
export type PlanOpRequestInput = z.input<typeof planOpRequestSchema>;

/**
 * One applied operation, numbered by the plan's version. `changes` is what it did, applied by
 * members exactly as the server applied it; `people` names the collaborators it added, so lists
 * show them without a reload.
 */
export const planEventSchema = z.object({
  planId: z.string(),
  version: z.number().int(),
  opId: z.string(),
  actorId: z.string(),
  op: planOperationSchema,
  changes: z.array(planChangeSchema),
  people: z.array(planPersonSchema).optional(),
  /** The op id of the actor's own earlier change this one undid. */
  undoes: z.string().optional(),
  at: z.string(),
});
export type PlanEvent = z.infer<typeof planEventSchema>;

export const PLAN_OP_REFUSAL_CODES = [
  'INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'LOCKED',
  'READ_ONLY',
  'GONE',
  'RATE_LIMITED',
] as const;
export type PlanOpRefusalCode = (typeof PLAN_OP_REFUSAL_CODES)[number];

/**
 * A refused operation over REST is an ordinary error body: the refusal's words, with the code and
 * status of the api's error catalogue. The socket answer keeps the finer code.
 */
export const planRefusalErrorCode: Record<PlanOpRefusalCode, ErrorCode> = {
  INVALID: 'VALIDATION_FAILED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  LOCKED: 'CONFLICT',
  READ_ONLY: 'CONFLICT',
  GONE: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
};

export const planOpAcceptedSchema = z.union([
  z.object({
    ok: z.literal(true),
    duplicate: z.literal(true),
    version: z.number().int(),
    event: planEventSchema,
  }),
  z.object({
    ok: z.literal(true),
    version: z.number().int(),
    event: planEventSchema,
    /** The register held someone else's newer value, which this op replaced ("You replaced Sam's change"). */
    overwrote: z.object({ actorId: z.string(), name: z.string() }).optional(),
  }),
]);
export type PlanOpAccepted = z.infer<typeof planOpAcceptedSchema>;

export const planOpRefusedSchema = z.object({
  ok: z.literal(false),
  code: z.enum(PLAN_OP_REFUSAL_CODES),
  /** The spec's text where it has one. */
  message: z.string(),
  /** The plan as it stands, when the refusal says the client's copy is behind (GONE, LOCKED, READ_ONLY). */
  canonical: planDocumentSchema.optional(),
});
export type PlanOpRefused = z.infer<typeof planOpRefusedSchema>;

export const planOpResultSchema = z.union([planOpAcceptedSchema, planOpRefusedSchema]);
export type PlanOpResult = z.infer<typeof planOpResultSchema>;

/**
 * What a member missed since a version: the events when the log still covers it (at most
 * PLAN_CATCH_UP_EVENTS), else the whole plan.
 */
export const planCatchUpSchema = z.union([
  z.object({ role: z.enum(PLAN_ROLES), version: z.number().int(), events: z.array(planEventSchema) }),
  z.object({ role: z.enum(PLAN_ROLES), version: z.number().int(), snapshot: planDocumentSchema }),
]);
export type PlanCatchUp = z.infer<typeof planCatchUpSchema>;
