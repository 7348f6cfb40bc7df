import { Injectable } from '@nestjs/common';
import { planIdSchema, planMessages, type PlanShareLink } from '@datebook/contracts';
import { PlanMembersRepository, PlanShareRepository } from '@datebook/db';
import { ForbiddenError, NotFoundError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';

/**
 * A plan's share link as its members hold it (design: Share links). The link's token is handed only
 * to the owner and the collaborators, who copy it to share the plan; the owner can reset it, which
 * ends the old link at once. Anyone else is answered as if the plan did not exist.
 */
@Injectable()
export class PlanShareLinksService {
  constructor(
    private readonly members: PlanMembersRepository,
    private readonly share: PlanShareRepository,
  ) {}

  async link(viewer: Viewer, rawId: string): Promise<PlanShareLink> {
    const token = await this.share.shareToken(planIdOf(rawId), viewer.sub);
    if (!token) {
      throw new NotFoundError(planMessages.notFound);
    }
    return { token };
  }

  async reset(viewer: Viewer, rawId: string): Promise<PlanShareLink> {
    const planId = planIdOf(rawId);
    const role = await this.members.roleOf(planId, viewer.sub);
    if (!role) {
      throw new NotFoundError(planMessages.notFound);
    }
    if (role !== 'owner') {
      throw new ForbiddenError(planMessages.onlyOwnerCanResetShareLink);
    }
    const token = await this.share.resetShareToken(planId, viewer.sub);
    if (!token) {
      // Deleted between the two statements.
      throw new NotFoundError(planMessages.notFound);
    }
    return { token };
  }
}

/** A plan id as digits; anything else answers like a plan that does not exist. */
function planIdOf(rawId: string): string {
  const parsed = planIdSchema.safeParse(rawId);
  if (!parsed.success) {
    throw new NotFoundError(planMessages.notFound);
  }
  return parsed.data;
}
