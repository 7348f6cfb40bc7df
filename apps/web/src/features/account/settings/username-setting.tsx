import { useRef, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { useFieldValues } from '@/lib/use-field-values';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { TextField } from '@/ui/inputs/text-field';
import { changeUsername } from '../api';
import { useSaveOwnProfile } from '../hooks/use-save-own-profile';
import { SettingSection } from './setting-section';

const FIELDS = ['username'] as const;

export function UsernameSetting({ username }: { username: string }) {
  const toast = useToast();
  const saveOwnProfile = useSaveOwnProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(FIELDS, formRef);
  const { values, field } = useFieldValues({ username }, errors);
  const change = useMutation({
    mutationFn: changeUsername,
    onSuccess: (saved) => {
      saveOwnProfile(saved);
      toast.success('Username updated.');
    },
    onError: (error) => {
      // Spec section 5: a taken username is an alert, 'this username is already taken'.
      if (isApiError(error) && error.code === 'CONFLICT') {
        toast.error(error.message);
      } else {
        errors.show(error);
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An unchanged username is not checked, so not sent.
    if (!change.isPending && values.username.trim() !== username) {
      errors.clear();
      change.mutate(values.username);
    }
  };

  return (
    <SettingSection title="Username">
      <form ref={formRef} className="setting__form" noValidate onSubmit={submit}>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
        {errors.formError && <FormMessage tone="error">{errors.formError}</FormMessage>}
        <Button type="submit" variant="secondary" pending={change.isPending}>
          Save username
        </Button>
      </form>
    </SettingSection>
  );
}
