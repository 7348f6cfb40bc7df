import { useQuery } from '@tanstack/react-query';
import { fetchAuthUser } from '../api';
import { accountKeys } from '../query-keys';

/** The account as it is now: e-mail (and one waiting for confirmation) and TOTP factors. */
export function useAuthUser() {
  return useQuery({ queryKey: accountKeys.authUser(), queryFn: ({ signal }) => fetchAuthUser(signal) });
}
