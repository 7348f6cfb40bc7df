import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { requestPasswordReset, useAuthUser } from '@/features/auth';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { SettingSection } from './setting-section';

/** Mails the member a link to set a new password, as the forgot-password screen would. */
export function PasswordResetSetting({ email }: { email: string }) {
  const account = useAuthUser();
  const reset = useMutation({ mutationFn: () => requestPasswordReset(account.data?.email ?? email) });
  return (
    <SettingSection title="Password">
      <p className="setting__text">We will email you a link to set a new password.</p>
      {reset.isSuccess && <FormMessage tone="success">{messages.auth.resetLinkSentAccount}</FormMessage>}
      {reset.isError && (
        <FormMessage tone="error">{errorMessageOf(reset.error, messages.errors.unexpected)}</FormMessage>
      )}
      <Button
        variant="secondary"
        pending={reset.isPending}
        onClick={() => !reset.isPending && reset.mutate()}
      >
        Send password reset
      </Button>
    </SettingSection>
  );
}
