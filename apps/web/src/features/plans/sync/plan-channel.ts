import { planCatchUpSchema, type PlanOpRefusalCode } from '@datebook/contracts';
import { PlanTransientError, socketPlanChannel, type PlanChannel } from '@datebook/domain';
import { isApiError } from '@/lib/api-error';
import type { LiveSocket } from '@/lib/live-socket';
import { fetchPlanEvents, sendPlanOp } from '../api';
import { readHidePresence } from '../presence-preference';

/**
 * The member's live socket, the channel every client of plans uses (libs/domain). A member who
 * chose 'Hide my presence' enters the room hidden, never shown for a moment.
 */
export function socketChannel(socket: LiveSocket, planId: string): PlanChannel {
  return socketPlanChannel(socket, planId, {
    joinFields: () => (readHidePresence() ? { hidden: true } : {}),
  });
}

/** The refusal a REST error status stands for; 429 is not a refusal, the sync resends it later. */
function restRefusalCode(status: number): PlanOpRefusalCode {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 403:
      return 'FORBIDDEN';
    case 409:
      return 'GONE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'INVALID';
  }
}

/** REST, for when there is no connected socket: `POST /plans/:id/ops` and `GET /plans/:id/events`. */
export function restChannel(planId: string): PlanChannel {
  return {
    kind: 'rest',
    async send(request) {
      try {
        return await sendPlanOp(planId, request);
      } catch (error) {
        if (isApiError(error) && error.isClientError) {
          return { ok: false, code: restRefusalCode(error.status), message: error.message };
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
