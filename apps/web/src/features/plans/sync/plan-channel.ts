import {
  planCatchUpSchema,
  planJoinAckSchema,
  planOpResultSchema,
  type PlanCatchUp,
  type PlanOpRequestInput,
  type PlanOpResult,
} from '@datebook/contracts';
import { isApiError } from '@/lib/api-error';
import type { LiveSocket } from '@/lib/live-socket';
import { emitWithAck } from '@/lib/socket-ack';
import { fetchPlanEvents, sendPlanOp } from '../api';

/** How long an operation or a join waits for the server's answer before it counts as not delivered. */
export const PLAN_ACK_TIMEOUT_MS = 5_000;

/** The server could not be reached or did not answer: try again later with the same op id. */
export class PlanTransientError extends Error {
  constructor(cause?: unknown) {
    super('The plan could not be reached.', { cause });
    this.name = 'PlanTransientError';
  }
}

export type PlanCatchUpAnswer = PlanCatchUp | { denied: 'FORBIDDEN' | 'NOT_FOUND'; message: string };

/** How a plan's operations reach the api and how it catches up: the socket, else REST. */
export interface PlanChannel {
  readonly kind: 'socket' | 'rest';
  send(request: PlanOpRequestInput): Promise<PlanOpResult>;
  /** Over the socket this is `plan.join`: it also (re)enters the plan's room. */
  catchUp(sinceVersion: number): Promise<PlanCatchUpAnswer>;
}

/** The member's live socket: `plan.op` and `plan.join`, each with an ack and a timeout. */
export function socketChannel(socket: LiveSocket, planId: string): PlanChannel {
  return {
    kind: 'socket',
    async send(request) {
      let answer: unknown;
      try {
        answer = await emitWithAck(socket, 'plan.op', { planId, ...request }, PLAN_ACK_TIMEOUT_MS);
      } catch (error) {
        throw new PlanTransientError(error);
      }
      const parsed = planOpResultSchema.safeParse(answer);
      if (!parsed.success) {
        throw new PlanTransientError(parsed.error);
      }
      return parsed.data;
    },
    async catchUp(sinceVersion) {
      let answer: unknown;
      try {
        answer = await emitWithAck(socket, 'plan.join', { planId, sinceVersion }, PLAN_ACK_TIMEOUT_MS);
      } catch (error) {
        throw new PlanTransientError(error);
      }
      const parsed = planJoinAckSchema.safeParse(answer);
      if (!parsed.success) {
        throw new PlanTransientError(parsed.error);
      }
      const joined = parsed.data;
      if (!joined.ok) {
        return {
          denied: joined.error.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'FORBIDDEN',
          message: joined.error.message,
        };
      }
      const { ok: _ok, ...catchUp } = joined;
      return catchUp;
    },
  };
}

/** REST, for when there is no connected socket: `POST /plans/:id/ops` and `GET /plans/:id/events`. */
export function restChannel(planId: string): PlanChannel {
  return {
    kind: 'rest',
    async send(request) {
      try {
        return await sendPlanOp(planId, request);
      } catch (error) {
        if (isApiError(error) && error.isClientError && error.status !== 429) {
          return {
            ok: false,
            code:
              error.status === 404
                ? 'NOT_FOUND'
                : error.status === 403
                  ? 'FORBIDDEN'
                  : error.status === 409
                    ? 'GONE'
                    : 'INVALID',
            message: error.message,
          };
        }
        throw new PlanTransientError(error);
      }
    },
    async catchUp(sinceVersion) {
      try {
        return planCatchUpSchema.parse(await fetchPlanEvents(planId, sinceVersion));
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 403)) {
          return { denied: error.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', message: error.message };
        }
        throw new PlanTransientError(error);
      }
    },
  };
}
