import { useQuery } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile';
import { fetchAuthor } from '../api';

/** The author popup's profile, sharing the profile page's cache entry. */
export function useAuthor(username: string) {
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => fetchAuthor(username, signal),
  });
}
