import { Injectable } from '@nestjs/common';
import { PLAN_CREATE_LIMIT, PLAN_MEMBER_OP_LIMIT } from '@datebook/contracts';
import { RateLimitedError, RateLimiter } from '@datebook/server';
import type { Viewer } from '../auth/viewer';

/**
 * How often a member may change one plan (design: Share links): one count per member and plan in
 * Redis, so REST, every socket of the member and every api replica draw on the same allowance.
 * Over it, the op is refused before any database work with RATE_LIMITED, which the client's queue
 * answers by resending the same op later (REST: 429 with Retry-After).
 */
@Injectable()
export class PlanOpLimits {
  constructor(private readonly limiter: RateLimiter) {}

  async admit(actor: Viewer, planId: string): Promise<void> {
    const verdict = await this.limiter.hit('plan-ops', `${planId}:${actor.sub}`, PLAN_MEMBER_OP_LIMIT);
    if (!verdict.allowed) {
      throw new RateLimitedError(verdict.retryAfterSeconds);
    }
  }

  /** A new plan: the member's hourly allowance of new plans (PLAN_CREATE_LIMIT). */
  async admitCreate(actor: Viewer): Promise<void> {
    const verdict = await this.limiter.hit('plan-creates', actor.sub, PLAN_CREATE_LIMIT);
    if (!verdict.allowed) {
      throw new RateLimitedError(verdict.retryAfterSeconds);
    }
  }
}
