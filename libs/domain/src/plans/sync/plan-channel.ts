import type { PlanCatchUp, PlanOpRequestInput, PlanOpResult } from '@datebook/contracts';

/** The server could not be reached or did not answer: try again later with the same op id. */
export class PlanTransientError extends Error {
  constructor(cause?: unknown) {
    super('The plan could not be reached.', { cause });
    this.name = 'PlanTransientError';
  }
}

export type PlanCatchUpAnswer = PlanCatchUp | { denied: 'FORBIDDEN' | 'NOT_FOUND'; message: string };

/**
 * How a plan's operations reach the api and how it catches up (the browser's socket or REST, a
 * test's socket client): injected, so the same sync runs in the browser and in Node.
 */
export interface PlanChannel {
  readonly kind: 'socket' | 'rest';
  /** Throws PlanTransientError when the operation was not delivered or not answered. */
  send(request: PlanOpRequestInput): Promise<PlanOpResult>;
  /** Over a socket this is `plan.join`: it also (re)enters the plan's room. */
  catchUp(sinceVersion: number): Promise<PlanCatchUpAnswer>;
}
