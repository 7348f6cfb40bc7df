import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOwnProfile } from '../api';
import { profileKeys } from '../query-keys';

export const ownProfileQuery = queryOptions({
  queryKey: profileKeys.me(),
  queryFn: ({ signal }) => fetchOwnProfile(signal),
});

/** The signed-in member's own profile, every field and toggle included. */
export function useOwnProfile() {
  return useQuery(ownProfileQuery);
}
