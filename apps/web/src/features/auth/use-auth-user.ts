import { useQuery } from '@tanstack/react-query';
import { fetchAuthUser } from './api';
import { authKeys } from './query-keys';

/** The account as it is now: e-mail (and one waiting for confirmation) and TOTP factors. */
export function useAuthUser() {
  return useQuery({ queryKey: authKeys.user(), queryFn: ({ signal }) => fetchAuthUser(signal) });
}
