import { followEndpoints, profileEndpoints } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';
import type { FollowDirection } from './query-keys';

export function fetchProfile(username: string, signal?: AbortSignal) {
  return callEndpoint(profileEndpoints.get, { params: { username }, signal });
}

export function fetchOwnProfile(signal?: AbortSignal) {
  return callEndpoint(profileEndpoints.getOwn, { signal });
}

export function fetchFollowList(
  username: string,
  direction: FollowDirection,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return callEndpoint(followEndpoints[direction], { params: { username }, query: { cursor }, signal });
}

export function follow(username: string) {
  return callEndpoint(followEndpoints.follow, { params: { username } });
}

export function unfollow(username: string) {
  return callEndpoint(followEndpoints.unfollow, { params: { username } });
}
