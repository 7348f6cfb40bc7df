import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import { useSession } from '@/features/session';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TextField } from '@/ui/inputs/text-field';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { deleteAccount } from '../api';
import { SettingSection } from './setting-section';

/**
 * Deletes the account after a confirmation and the current password; the api has ended every
 * session, so this one goes too.
 */
export function DeleteAccountSetting() {
  const toast = useToast();
  const navigate = useNavigate();
  const { setSession } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async ({ message }) => {
      const leaving = navigate(webRoutes.home, { replace: true });
      setSession(null);
      await leaving;
      // Raised once home is the screen, so it is not taken for a toast of the settings left behind.
      toast.success(message);
    },
  });

  return (
    <SettingSection title="Delete account">
      <p className="setting__text">Your profile, posts, follows and photos are removed for good.</p>
      <TextField
        label="Your password, to confirm"
        type="password"
        name="deleteCurrentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          message="This cannot be undone."
          confirmLabel="Delete my account"
          pending={remove.isPending}
          error={remove.isError ? errorMessageOf(remove.error, messages.errors.unexpected) : undefined}
          onConfirm={() => remove.mutate(currentPassword)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </SettingSection>
  );
}
