import { callEndpoint, importEndpoints } from '@/lib/api-client';
import type { FollowDirection } from './query-keys';

const endpoints = () => importEndpoints(() => import('./endpoints'));

export async function fetchProfile(username: string, signal?: AbortSignal) {
  const { profileEndpoints } = await endpoints();
  return callEndpoint(profileEndpoints.get, { params: { username }, signal });
}

export async function fetchOwnProfile(signal?: AbortSignal) {
  const { profileEndpoints } = await endpoints();
  return callEndpoint(profileEndpoints.getOwn, { signal });
}

export async function fetchFollowList(
  username: string,
  direction: FollowDirection,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const { followEndpoints } = await endpoints();
  return callEndpoint(followEndpoints[direction], { params: { username }, query: { cursor }, signal });
}

export async function follow(username: string) {
  const { followEndpoints } = await endpoints();
  return callEndpoint(followEndpoints.follow, { params: { username } });
}

export async function unfollow(username: string) {
  const { followEndpoints } = await endpoints();
  return callEndpoint(followEndpoints.unfollow, { params: { username } });
}
