import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TextField } from '@/ui/inputs/text-field';
import { updatePassword } from './api';

const FIELDS = ['password', 'confirmation'] as const;

/**
 * The last step of a password reset: the signed-in recovery session sets the new password. The toast
 * shows once `onUpdated`'s screen (its promise) has arrived.
 */
export function NewPasswordForm({ onUpdated }: { onUpdated: () => void | Promise<void> }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ password: '', confirmation: '' }, errors);
  const update = useMutation({
    mutationFn: updatePassword,
    onSuccess: async ({ message }) => {
      await onUpdated();
      // Raised once the next screen is showing, so it belongs to that screen however long the way took.
      toast.success(message || messages.auth.passwordUpdated);
    },
    onError: errors.show,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) {
      return;
    }
    errors.clear();
    if (values.password === '') {
      errors.showFields({ password: messages.auth.enterNewPassword });
    } else if (values.password !== values.confirmation) {
      errors.showFields({ confirmation: messages.auth.passwordsDoNotMatch });
    } else {
      update.mutate(values.password);
    }
  };

  return (
    <form ref={formRef} className="auth__form" noValidate onSubmit={submit}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...field('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmation')}
      />
      {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
      <Button type="submit" block pending={update.isPending}>
        Update password
      </Button>
    </form>
  );
}
