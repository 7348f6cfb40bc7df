import type { ServerEventPayload, UserSearchResult } from '@datebook/contracts';

/**
 * A member found, once the viewer's follow of them changed elsewhere (a private member approved the
 * request, another tab followed or unfollowed): a follow leaves no request waiting, and a private
 * member's count shows only to a follower, as the api answers it.
 */
export function withFollowChange(
  user: UserSearchResult,
  change: ServerEventPayload<'follow.changed'>,
): UserSearchResult {
  return {
    ...user,
    isFollowing: change.following,
    requested: false,
    followerCount: user.isPrivate && !change.following ? null : change.followerCount,
  };
}
