/**
 * The people an invite names (spec section 5): ids trimmed, blanks and repeats dropped, and never
 * the owner or someone already on the plan. The server looks up only what is left.
 */
export function normalizeInvitees(
  userIds: readonly string[],
  plan: { ownerId: string; collaboratorIds: readonly string[] },
): string[] {
  const skip = new Set([plan.ownerId, ...plan.collaboratorIds]);
  const ids = userIds.map((id) => id.trim()).filter((id) => id !== '' && !skip.has(id));
  return [...new Set(ids)];
}
