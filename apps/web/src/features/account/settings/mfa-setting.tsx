import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { authKeys, useAuthUser } from '@/features/auth';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { enrollTotpFactor, removeFactor } from '../api';
import { MfaEnrollment } from './mfa-enrollment';
import { SettingSection } from './setting-section';

/** TOTP two-step verification: set it up with an authenticator app, or remove it. */
export function MfaSetting() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const account = useAuthUser();
  const enroll = useMutation({ mutationFn: enrollTotpFactor });
  const remove = useMutation({
    mutationFn: removeFactor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
      toast.success('Two-step verification is off.');
    },
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });
  const factors = account.data?.factors.filter((factor) => factor.status === 'verified') ?? [];

  return (
    <SettingSection title="Two-step verification">
      {account.isPending && <p role="status">{messages.loading.generic}</p>}
      {factors.length > 0 && (
        <ul className="setting__list" aria-label="Authenticator apps">
          {factors.map((factor) => (
            <li key={factor.id} className="setting__list-item">
              <span>{factor.friendlyName ?? 'Authenticator app'}</span>
              <Button
                variant="secondary"
                pending={remove.isPending && remove.variables === factor.id}
                onClick={() => !remove.isPending && remove.mutate(factor.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {account.isSuccess && factors.length === 0 && !enroll.data && (
        <>
          <p className="setting__text">Ask for a code from an authenticator app each time you log in.</p>
          {enroll.isError && (
            <FormMessage tone="error">{errorMessageOf(enroll.error, messages.errors.unexpected)}</FormMessage>
          )}
          <Button
            variant="secondary"
            pending={enroll.isPending}
            onClick={() => !enroll.isPending && enroll.mutate()}
          >
            Set up authenticator app
          </Button>
        </>
      )}
      {enroll.data && <MfaEnrollment factor={enroll.data} onDone={() => enroll.reset()} />}
    </SettingSection>
  );
}
