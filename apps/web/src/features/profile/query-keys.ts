/** Cache keys of profiles and follow lists; `all` prefixes every one, to refresh them together. */
export const profileKeys = {
  all: ['profiles'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (username: string) => [...profileKeys.details(), username.toLowerCase()] as const,
  followLists: () => [...profileKeys.all, 'follow-list'] as const,
  followList: (username: string, direction: FollowDirection) =>
    [...profileKeys.followLists(), username.toLowerCase(), direction] as const,
  /** The signed-in member's pending follow requests. */
  followRequests: () => [...profileKeys.all, 'follow-requests'] as const,
};

export type FollowDirection = 'followers' | 'following';
