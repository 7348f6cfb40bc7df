import { planRoleOf, type PlanMembers } from './plan-roles';

/**
 * The people an invite names (spec section 5): ids trimmed, blanks and repeats dropped, and never
 * the owner or someone already on the plan. The server looks up only what is left.
 */
export function normalizeInvitees(userIds: readonly string[], plan: PlanMembers): string[] {
  const ids = userIds.map((id) => id.trim()).filter((id) => id !== '' && planRoleOf(plan, id) === null);
  return [...new Set(ids)];
}
