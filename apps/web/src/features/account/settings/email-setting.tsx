import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { authKeys, useAuthUser } from '@/features/auth';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TextField } from '@/ui/inputs/text-field';
import { changeEmail } from '../api';
import { SettingSection } from './setting-section';

/**
 * Starts an e-mail change; it takes effect when the link sent to the new address is followed. The
 * current password proves that whoever holds this session knows the account.
 */
export function EmailSetting() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const account = useAuthUser();
  const [edited, setEdited] = useState<string>();
  const [currentPassword, setCurrentPassword] = useState('');
  const email = edited ?? account.data?.email ?? '';
  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user, message }) => {
      queryClient.setQueryData(authKeys.user(), user);
      setCurrentPassword('');
      if (message) {
        toast.success(message);
      }
    },
    // Spec section 5: an empty address is an alert, 'email cannot be empty'; so are the api's other refusals.
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!change.isPending) {
      change.mutate({ email, currentPassword });
    }
  };

  return (
    <SettingSection title="Email">
      <form className="setting__form" noValidate onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          disabled={account.isPending}
          hint={account.data?.newEmail ? `Waiting for you to confirm ${account.data.newEmail}.` : undefined}
          onChange={(event) => setEdited(event.target.value)}
        />
        <TextField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <Button type="submit" variant="secondary" pending={change.isPending}>
          Change email
        </Button>
      </form>
    </SettingSection>
  );
}
