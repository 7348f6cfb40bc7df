import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from '../api';
import { profileKeys } from '../query-keys';

/** A profile as the viewer may see it. */
export function useProfile(username: string) {
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => fetchProfile(username, signal),
  });
}
