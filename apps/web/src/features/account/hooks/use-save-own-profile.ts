import { useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@datebook/contracts';
import { profileKeys } from '@/features/profile';

/** Stores what the api answered after a change to the own profile, wherever it is shown. */
export function useSaveOwnProfile() {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.setQueryData(profileKeys.me(), profile);
    void queryClient.invalidateQueries({ queryKey: profileKeys.details() });
  };
}
