import { exploreEndpoints, followEndpoints } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function fetchFeaturedActivities(signal?: AbortSignal) {
  return callEndpoint(exploreEndpoints.featured, { signal });
}

export function fetchExploreCreators(signal?: AbortSignal) {
  return callEndpoint(exploreEndpoints.creators, { signal });
}

/** One keyset page of the Explore Activities grid; `cursor` is the previous page's `nextCursor`. */
export function fetchExploreActivities(cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(exploreEndpoints.activities, { query: { cursor }, signal });
}

export function setFollowing(username: string, following: boolean) {
  return callEndpoint(following ? followEndpoints.follow : followEndpoints.unfollow, {
    params: { username },
  });
}
