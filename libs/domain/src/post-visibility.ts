import type { AccessType, PostKind } from '@datebook/contracts';
import { profileAccess } from './profile-visibility';

export interface PostAccessInput {
  /** The signed-in viewer, or nothing for a visitor. */
  viewerId?: string | null;
  kind: PostKind;
  authorId: string;
  authorIsPrivate: boolean;
  authorAccessType: AccessType;
  /** Whether the viewer follows the author; ignored for visitors. */
  viewerFollowsAuthor: boolean;
  /** Dates only: false keeps the date to its owner. */
  visibilityPublic?: boolean;
  /** Activities only: custom activities (made inside a plan) are never shown to others. */
  isCustom?: boolean;
  /**
   * Dates only: the date is the recap a completed plan published (planned_dates.published_date_id)
   * and the viewer is that plan's owner or one of its collaborators.
   */
  viewerPlannedRecap?: boolean;
}

/**
 * The one visibility rule for posts (spec section 6). The owner sees everything of theirs. Anyone
 * else sees a post only when they may see its author's profile (not an admin; public, or followed)
 * and the post itself is public: a date with visibility_public, an activity that is not custom.
 * A plan's recap is also visible to the people who planned it (the plan's owner and collaborators),
 * whatever its privacy and its author's, unless its author is an admin (decision 43).
 * The SQL predicate (visiblePostSql in libs/db/src/repositories/post-tables.ts) spells the same rule.
 */
export function canSeePost(input: PostAccessInput): boolean {
  const author = profileAccess({
    viewerId: input.viewerId,
    profileId: input.authorId,
    isPrivate: input.authorIsPrivate,
    accessType: input.authorAccessType,
    viewerFollows: input.viewerFollowsAuthor,
  });
  if (author.isSelf) {
    return true;
  }
  const postIsPublic = input.kind === 'date' ? input.visibilityPublic !== false : input.isCustom !== true;
  if (author.visible && postIsPublic) {
    return true;
  }
  const plannedTogether = input.kind === 'date' && input.viewerPlannedRecap === true && !!input.viewerId;
  return plannedTogether && input.authorAccessType === 'standard';
}
