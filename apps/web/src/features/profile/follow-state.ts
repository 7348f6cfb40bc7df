import { followLabels } from '@datebook/contracts';

/** Where the viewer stands with a member: following, asked and waiting, or neither. */
export type FollowStatus = 'following' | 'requested' | 'none';

export function followStatusOf(state: { isFollowing: boolean; requested?: boolean }): FollowStatus {
  if (state.isFollowing) {
    return 'following';
  }
  return state.requested ? 'requested' : 'none';
}

export const FOLLOW_STATUS_LABELS: Record<FollowStatus, string> = {
  following: followLabels.following,
  requested: followLabels.requested,
  none: followLabels.follow,
};

/** Following and Requested both undo (an unfollow or a withdrawn request); only Follow asks. */
export function pressFollows(status: FollowStatus): boolean {
  return status === 'none';
}
