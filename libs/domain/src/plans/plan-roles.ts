import type { PlanRole } from '@datebook/contracts';

/** Who is on a plan: its owner and its collaborators. */
export interface PlanMembers {
  ownerId: string;
  collaboratorIds: readonly string[];
}

/** Owner when the plan's owner is the user, else Collaborator: the role of a user known to be a member. */
export function planRole(ownerId: string, userId: string): PlanRole {
  return ownerId === userId ? 'owner' : 'collaborator';
}

/**
 * The user's role on the plan: owner, collaborator, or null for anyone else (spec section 6). The
 * api reads it under the plan's row lock and the domain re-checks it against the state an operation
 * applies to, so a collaborator removed a moment ago cannot slip one more operation in.
 */
export function planRoleOf(plan: PlanMembers, userId: string): PlanRole | null {
  return plan.ownerId === userId || plan.collaboratorIds.includes(userId)
    ? planRole(plan.ownerId, userId)
    : null;
}
